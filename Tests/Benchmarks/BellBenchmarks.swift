import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import NIOCore
import SyncClient
import SyncProtocol
import TestSupport

/// How late the server rings a bell: from a bell's instant (its alert's `due`) to the push
/// carrying it read by a client, on a real `moments serve` (the release build beside this
/// executable), and on three of them sharing one PostgreSQL, with sessions ringing every 10
/// seconds, beside the floor measured in the same run: an intent's push to the same kind of
/// client.
enum BellBenchmarks {
    static let sessions = 20
    static let window: Duration = .seconds(35)

    static func run() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do {
                try await ServerProcess.onScratchFolder { try await measure(on: [$0], label: "one server") }
                try await onThreeSharedServers { try await measure(on: $0, label: "three servers on PostgreSQL") }
            } catch {
                print("bell benchmarks failed: \(error)")
            }
            semaphore.signal()
        }
        semaphore.wait()
    }

    /// Three `moments serve --database-url` on a PostgreSQL of the benchmark's own.
    static func onThreeSharedServers(_ body: ([ServerProcess]) async throws -> Void) async throws {
        let postgres = try PostgresServer.start()
        defer { postgres.stop() }
        try postgres.createDatabase("bells")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bells-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let servers = try (0..<3).map { index in
            try ServerProcess(
                dataDirectory: folder.appendingPathComponent("server-\(index)"),
                arguments: ["--database-url", postgres.url(database: "bells")])
        }
        defer {
            for server in servers {
                server.signal(SIGTERM)
                _ = server.waitForExit()
            }
        }
        try await body(servers)
    }

    /// Session `i` is made through server `i` and followed through the next one, so a bell
    /// is often rung by a server other than the one its client reads.
    private static func measure(on servers: [ServerProcess], label: String) async throws {
        // One event stream per session holds a connection: a pool with room for them all.
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 100)))
        defer { Task { try? await client.shutdown() } }
        let connections = servers.map { HTTPSyncConnection(baseURL: $0.baseURL, client: client) }
        let program = try BellProgram(startStrikes: 1, interval: .every(10), endStrikes: 3)
        let lateness = Locked<[Double]>([])
        var followers: [Task<Void, Never>] = []
        for index in 0..<sessions {
            let created = try await connections[index % connections.count].createActivity(
                BellProgramMother.makeAttributes(program, name: "Sit \(index)", plannedSeconds: 300), showSeconds: true,
                clientID: "bench", idempotencyKey: nil)
            let stream = try await connections[(index + 1) % connections.count]
                .events(of: created.id, token: created.token, after: created.state.version)
            followers.append(Task {
                do {
                    for try await push in stream {
                        guard let alert = push.alert else { continue }
                        let late = Date().timeIntervalSince(alert.due)
                        lateness.withLock { $0.append(late) }
                    }
                } catch {}
            })
            // Staggered, so the bells of the sessions do not all fall on one instant.
            try await Task.sleep(for: .milliseconds(450))
        }
        try await Task.sleep(for: window)
        followers.forEach { $0.cancel() }
        let samples = lateness.withLock { $0 }
        guard report(samples, as: "bells: instant to alert read by a client, \(label) (\(samples.count) bells)",
            missing: "bells: no bell was pushed (\(label))") else { return }
        try await scheduledStarts(connections, label: label)
        try await floor(connections[0], label: label)
    }

    /// How late the server begins a scheduled sit (ADR 0074): 50 sits scheduled 97 ms
    /// apart, each made through one server and followed through the next, from each
    /// instant to its start's push read by a client.
    private static func scheduledStarts(_ connections: [HTTPSyncConnection], label: String) async throws {
        let first = Date().addingTimeInterval(3)
        let lateness = Locked<[Double]>([])
        var followers: [Task<Void, Never>] = []
        for index in 0..<50 {
            let startsAt = Instant.canonical(first.addingTimeInterval(Double(index) * 0.097))
            let created = try await connections[index % connections.count].createActivity(
                SessionAttributesMother.makeScheduled(startsAt: startsAt, plannedSeconds: 300, isGroup: false), showSeconds: true,
                clientID: "bench", idempotencyKey: nil)
            let stream = try await connections[(index + 1) % connections.count]
                .events(of: created.id, token: created.token, after: created.state.version)
            followers.append(Task {
                do {
                    for try await push in stream where !push.activity.content.isScheduled {
                        let late = Date().timeIntervalSince(startsAt)
                        lateness.withLock { $0.append(late) }
                        return
                    }
                } catch {}
            })
        }
        // Each follower ends with its sit's start read; the minute only guards against a start
        // that never comes (then counted missing).
        let hang = Task {
            try? await Task.sleep(for: .seconds(60))
            followers.forEach { $0.cancel() }
        }
        for follower in followers { await follower.value }
        hang.cancel()
        let samples = lateness.withLock { $0 }
        _ = report(samples, as: "bells: scheduled start's instant to its push read by a client, \(label) (\(samples.count) of 50 sits)",
            missing: "bells: no scheduled sit began (\(label))")
    }

    /// Prints the p50 and p99 of `samples` as `name`, or `missing` when there are none;
    /// answers whether there were any.
    private static func report(_ samples: [Double], as name: String, missing: String) -> Bool {
        guard !samples.isEmpty else {
            print(missing)
            return false
        }
        Bench.report(name, seconds: Bench.percentile(samples, 0.5), label: "p50   ")
        Bench.report(name, seconds: Bench.percentile(samples, 0.99), label: "p99   ")
        return true
    }

    /// An intent sent to the push read back by the same kind of client, on the same server.
    private static func floor(_ connection: HTTPSyncConnection, label: String) async throws {
        let created = try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "bench", idempotencyKey: nil)
        let stream = try await connection.events(of: created.id, token: created.token, after: created.state.version)
        var pushes = stream.makeAsyncIterator()
        var samples: [Double] = []
        for round in 0..<100 {
            let sent = DispatchTime.now().uptimeNanoseconds
            _ = try await connection.send(
                try IntentRequest(clientID: "bench", intentID: "\(round)", intent: round.isMultiple(of: 2) ? .pause : .resume),
                to: created.id, token: created.token)
            _ = try await pushes.next()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e9)
        }
        Bench.report("bells: floor, intent to push read by the same client, \(label)", seconds: Bench.percentile(samples, 0.5), label: "p50   ")
        Bench.report("bells: floor, intent to push read by the same client, \(label)", seconds: Bench.percentile(samples, 0.99), label: "p99   ")
    }
}
