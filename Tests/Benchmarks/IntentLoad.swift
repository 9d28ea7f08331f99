import Domain
import Fixtures
import Foundation
import Sync

/// The two loads the sync figures are measured under, for one server or several: many
/// senders at once, and one intent at a time watched by many event streams.
enum IntentLoad {
    /// Durable intents per second from 64 concurrent senders of 60 intents each, over
    /// `count` activities; sender `s` (and the creation of activity `a`) goes through
    /// `connections[s % connections.count]`.
    static func intentsPerSecond(activities count: Int, through connections: [any SyncConnection]) async throws -> Double {
        var created: [CreatedActivity] = []
        for index in 0..<count {
            created.append(try await connections[index % connections.count].createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "bench", idempotencyKey: nil))
        }
        let perSender = 60
        let senders = 64
        let targets = created
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                let connection = connections[sender % connections.count]
                group.addTask {
                    for step in 0..<perSender {
                        let activity = targets[(sender + step) % targets.count]
                        _ = try await connection.send(
                            try IntentRequest(
                                clientID: "s\(sender)", intentID: "\(step)", intent: step.isMultiple(of: 2) ? .pause : .resume),
                            to: activity.id, token: activity.token)
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(senders * perSender) / seconds
    }

    /// For each of `rounds` intents on `activity`, sent through `connection` one at a
    /// time, the seconds until every one of `readers` received its push.
    static func pushLatencies(
        rounds: Int, on activity: CreatedActivity, through connection: any SyncConnection, readers: [EventReaders]
    ) async throws -> [Double] {
        var latencies: [Double] = []
        for round in 0..<rounds {
            let version = activity.state.version + UInt64(round + 1)
            readers.forEach { $0.expect(version: version) }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await connection.send(
                try IntentRequest(clientID: "bench", intentID: "\(round)", intent: round.isMultiple(of: 2) ? .pause : .resume),
                to: activity.id, token: activity.token)
            for reader in readers { await reader.waitForAll() }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return latencies
    }
}
