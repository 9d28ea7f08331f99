import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import Logging
import NIOCore
import ServerComposition
import SharedHosting
import ServiceLifecycle
import Sync
import TestSupport

/// Figures for three servers sharing one local PostgreSQL (ADR 0022), each a full server as
/// `moments-server` builds it (its own actor, pool and listening connection), run in this
/// process on its own port: durable intents per second over 100 activities with senders
/// spread over the three, and intent to push with 300 subscribers spread over the three.
/// The JSON figures of the same run are the `sync` suite's.
enum SharedSyncBenchmarks {
    static func run() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { try await measure() } catch { print("shared sync benchmarks failed: \(error)") }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private struct Running {
        let server: SharedServer
        let port: Int
        let group: ServiceGroup
        let serving: Task<Void, any Error>
    }

    private static func measure() async throws {
        let postgres = try PostgresServer.start()
        defer { postgres.stop() }
        try postgres.createDatabase("bench")
        let url = postgres.url(database: "bench")
        let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        var servers: [Running] = []
        for _ in 0..<3 {
            let shared = try await ServerRoot.buildSharedServer(url, logger: quiet)
            let http = SyncHTTPServer(server: shared.server, port: 0, logger: quiet)
            let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
            let group = ServiceGroup(services: http.makeServices { continuation.yield($0) }, logger: quiet)
            let serving = Task { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            servers.append(Running(server: shared, port: port, group: group, serving: serving))
        }
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 600)))
        let connections = servers.map { HTTPSyncConnection(baseURL: "http://127.0.0.1:\($0.port)", client: client) }

        try await throughput(activities: 100, connections: connections)
        try await pushLatency(subscribers: 300, connections: connections, ports: servers.map(\.port))

        // The client first: a server's graceful shutdown waits for its idle connections.
        try await client.shutdown()
        for running in servers {
            await running.group.triggerGracefulShutdown()
            _ = try? await running.serving.value
            await running.server.close()
        }
    }

    /// Durable intents per second from 64 concurrent senders, each sending through one of
    /// the three servers, over `activities` activities.
    private static func throughput(activities count: Int, connections: [HTTPSyncConnection]) async throws {
        let rate = try await IntentLoad.intentsPerSecond(activities: count, through: connections)
        Bench.report(
            "shared.durable intents/s, \(count) activities, 3 servers on PostgreSQL",
            value: rate, unit: "/s", label: "rate  ")
    }

    /// From sending an intent (through the first server) to the push arriving at every one
    /// of `subscribers` event streams, a third of them on each server.
    private static func pushLatency(subscribers: Int, connections: [HTTPSyncConnection], ports: [Int]) async throws {
        let created = try await connections[0].createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "bench",
            idempotencyKey: nil)
        let readers = try ports.map { port in
            try EventReaders(
                count: subscribers / ports.count, port: port, activity: created.id, token: created.token,
                lastEventID: created.state.version)
        }
        defer { readers.forEach { $0.stop() } }
        let latencies = try await IntentLoad.pushLatencies(
            rounds: 200, on: created, through: connections[0], readers: readers)
        Bench.reportTail("shared.intent to push, \(subscribers) SSE subscribers on 3 servers", latencies)
    }
}
