import Domain
import Fixtures
import Foundation
import SyncProtocol

/// The two loads the sync figures are measured under, for one server or several: many
/// senders at once, and one intent at a time watched by many event streams.
enum IntentLoad {
    /// Durable intents per second from 64 concurrent senders of `perSender` intents each,
    /// over `count` activities; sender `s` (and the creation of activity `a`) goes through
    /// `connections[s % connections.count]`. Each intent moves its activity's target by a
    /// second, one way then the other, so every one is applied and makes a new state.
    static func intentsPerSecond(
        activities count: Int, through connections: [any SyncConnection], perSender: Int = 60
    ) async throws -> Double {
        try await intentsPerSecond(on: try await timedActivities(count, through: connections), through: connections, perSender: perSender)
    }

    /// ``intentsPerSecond(activities:through:perSender:)`` on activities made already; each
    /// `run` on the same activities sends intents of its own, never retries of another's
    /// (which the server would answer from memory, without a write).
    static func intentsPerSecond(
        on targets: [CreatedActivity], through connections: [any SyncConnection], perSender: Int = 60, run: Int = 0
    ) async throws -> Double {
        let senders = 64
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                let connection = connections[sender % connections.count]
                group.addTask {
                    for step in 0..<perSender {
                        let activity = targets[(sender + step) % targets.count]
                        _ = try await connection.send(
                            try IntentRequest(
                                clientID: "s\(sender)r\(run)", intentID: "\(step)",
                                intent: .adjustTarget(bySeconds: (step / targets.count).isMultiple(of: 2) ? 1 : -1)),
                            to: activity.id, token: activity.token)
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(senders * perSender) / seconds
    }

    /// `count` activities of an hour's target, activity `a` created through
    /// `connections[a % connections.count]`.
    static func timedActivities(_ count: Int, through connections: [any SyncConnection]) async throws -> [CreatedActivity] {
        var created: [CreatedActivity] = []
        for index in 0..<count {
            created.append(try await connections[index % connections.count].createActivity(
                SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "bench",
                idempotencyKey: nil))
        }
        return created
    }

    /// For each of `rounds` intents on `activity` (one with a target, at `version`, or
    /// else at the version it was created with), sent through `connection` one at a time,
    /// the seconds until every one of `readers` received its push. Each moves the target
    /// by a second, one way then the other.
    static func pushLatencies(
        rounds: Int, on activity: CreatedActivity, through connection: any SyncConnection, readers: [EventReaders],
        after version: UInt64? = nil
    ) async throws -> [Double] {
        var latencies: [Double] = []
        let first = version ?? activity.state.version
        for round in 0..<rounds {
            let version = first + UInt64(round + 1)
            readers.forEach { $0.expect(version: version) }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await connection.send(
                try IntentRequest(
                    clientID: "bench", intentID: "\(version)", intent: .adjustTarget(bySeconds: version.isMultiple(of: 2) ? 1 : -1)),
                to: activity.id, token: activity.token)
            for reader in readers { await reader.waitForAll() }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return latencies
    }

    /// Group sit `sit` once the count of who sits it (ADR 0073) reads `sitting`, as its own
    /// event stream (the leader's, which counts no one) pushes it: a sit's followers joining
    /// or leaving push counts, so a measurement of pushes begins once they have settled,
    /// from the version they left.
    static func counted(_ sit: CreatedActivity, sitting: Int, through connection: any SyncConnection) async throws
        -> ActivitySnapshot
    {
        let stream = try await connection.events(of: sit.id, token: sit.token, after: nil)
        for try await snapshot in stream where snapshot.activity.content.sitting == sitting { return snapshot }
        throw HTTPLoad.Failure(description: "the sit's stream ended before its count read \(sitting)")
    }
}
