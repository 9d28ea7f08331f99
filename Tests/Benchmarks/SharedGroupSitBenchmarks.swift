import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport

/// A group sit on three `moments serve --database-url` sharing one PostgreSQL (issue 56):
/// 3,000 followers spread over the three, each a plain socket on the sit's channel
/// (`EventReaders`). The figures: from the leader's intent to its push read by every
/// follower; from each bell's instant to its push read by every follower; and from a
/// batch of followers joining or leaving one server to the count of who sits (ADR 0073)
/// saying so through another. Beside them, in the same run, the intent's own round trip.
///
/// Run `swift build -c release --product moments --product moments-server` first.
enum SharedGroupSitBenchmarks {
    static let followersPerServer = 1_000

    static func run() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do {
                try await BellBenchmarks.onThreeSharedServers { try await measure(on: $0) }
            } catch {
                print("shared group sit benchmarks failed: \(error)")
            }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private static func measure(on servers: [ServerProcess]) async throws {
        let connections = servers.map { HTTPSyncConnection(baseURL: $0.baseURL) }
        // The leader's intents and the followers' pushes.
        let sit = try await connections[0].createActivity(
            SessionAttributesMother.makeGroupSit(plannedSeconds: 3_600), showSeconds: true, clientID: "leader", idempotencyKey: nil)
        let code = try joinCode(of: sit)
        let readers = try servers.map { try EventReaders(count: followersPerServer, port: $0.port, following: code, lastEventID: 1) }
        var version = try await IntentLoad.counted(sit, sitting: 3 * followersPerServer + 1, through: connections[1]).version
        let pushes = try await IntentLoad.pushLatencies(rounds: 101, on: sit, through: connections[0], readers: readers, after: version)
        version += 101
        var roundTrips: [Double] = []
        for round in 0..<100 {
            let sent = DispatchTime.now().uptimeNanoseconds
            _ = try await connections[0].send(
                try IntentRequest(clientID: "bench", intentID: "rt\(round)", intent: .adjustTarget(bySeconds: round.isMultiple(of: 2) ? 1 : -1)),
                to: sit.id, token: sit.token)
            roundTrips.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e9)
        }
        let floor = "the intent's own round trip p50 \(Bench.duration(Bench.percentile(roundTrips, 0.5)))"
            + ", p99 \(Bench.duration(Bench.percentile(roundTrips, 0.99)))"
        Bench.reportTail("group.shared: intent to push, 3,000 followers on three servers", Array(pushes.dropFirst()), beside: floor)
        readers.forEach { $0.stop() }

        try await bells(on: servers, connections: connections, beside: floor)
        try await presence(of: sit, on: servers, connections: connections, version: version + 100)
    }

    /// A sit ringing a bell every 10 seconds (the shortest interval), followed by 3,000 over the three servers: from
    /// each bell's instant to its push read by all of them.
    private static func bells(on servers: [ServerProcess], connections: [HTTPSyncConnection], beside floor: String) async throws {
        let program = try BellProgram(startStrikes: 1, interval: .every(10), endStrikes: 1)
        let sit = try await connections[0].createActivity(
            SessionAttributesMother.makeAttributes(name: "Bells", plannedSeconds: 600, bells: program, isGroup: true),
            showSeconds: true, clientID: "leader", idempotencyKey: nil)
        let code = try joinCode(of: sit)
        let readers = try servers.map { try EventReaders(count: followersPerServer, port: $0.port, following: code, lastEventID: 1) }
        defer { readers.forEach { $0.stop() } }
        var current = try await IntentLoad.counted(sit, sitting: 3 * followersPerServer + 1, through: connections[1])
        var lateness: [Double] = []
        for _ in 0..<4 {
            guard let bell = current.activity.nextBell, let due = current.activity.content.date(whenSatReaches: bell.satSeconds) else { break }
            readers.forEach { $0.expect(version: current.version + 1) }
            for reader in readers { await reader.waitForAll() }
            lateness.append(Date().timeIntervalSince(due))
            current = try await connections[2].activity(id: sit.id)
        }
        Bench.reportTail("group.shared: bell's instant to its push read by 3,000 followers on three servers (\(lateness.count) bells)", lateness, beside: floor)
    }

    /// 300 followers joining server 2, then leaving it, five times: from the batch's first
    /// socket opened (or its reader told to close them, within its 100 ms poll) to the count
    /// read through server 0 saying so.
    private static func presence(
        of sit: CreatedActivity, on servers: [ServerProcess], connections: [HTTPSyncConnection], version: UInt64
    ) async throws {
        let code = try joinCode(of: sit)
        // The 3,000 of the intents' figure have left first.
        _ = try await IntentLoad.counted(sit, sitting: 1, through: connections[0])
        var joins: [Double] = []
        var leaves: [Double] = []
        for _ in 0..<5 {
            let opened = DispatchTime.now().uptimeNanoseconds
            let batch = try EventReaders(count: 300, port: servers[2].port, following: code, lastEventID: version)
            _ = try await IntentLoad.counted(sit, sitting: 301, through: connections[0])
            joins.append(Double(DispatchTime.now().uptimeNanoseconds - opened) / 1e9)
            let closed = DispatchTime.now().uptimeNanoseconds
            batch.stop()
            _ = try await IntentLoad.counted(sit, sitting: 1, through: connections[0])
            leaves.append(Double(DispatchTime.now().uptimeNanoseconds - closed) / 1e9)
        }
        Bench.reportTail("group.shared: 300 joining one server to the count read through another", joins, beside: "counts at most twice a second")
        Bench.reportTail("group.shared: 300 leaving one server to the count read through another", leaves, beside: "counts at most twice a second")
    }

    private static func joinCode(of sit: CreatedActivity) throws -> JoinCode {
        guard let code = sit.joinCode else { throw HTTPLoad.Failure(description: "the group sit was answered without a join code") }
        return code
    }
}
