import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import Logging
import NIOCore
import ServerComposition
import ServiceLifecycle
import SharedHosting
import SyncClient
import SyncHTTP
import SyncProtocol
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
        let server: PostgresAssembly
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
        try await outages(
            postgres: postgres, database: "bench",
            connections: servers.map { HTTPSyncConnection(baseURL: "http://127.0.0.1:\($0.port)", attempts: 1, client: client) })

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

    /// Issue #26's promises as figures (ADR 0027), which the outage tests check only for
    /// a server never left stuck. Each round: a fast restart, then how soon each server
    /// completes a write again; then the database stopped, and how soon the first intent
    /// through each server is answered (503), which waits for its operation's deadline
    /// (1.5 s; those after it are answered at once); then started again, and every server
    /// writing again before the next round. Beside them, the floor of the same round: one
    /// fresh `psql`, refused after the stop, answered after the restart.
    private static func outages(
        postgres: PostgresServer, database: String, connections: [HTTPSyncConnection], rounds: Int = 10
    ) async throws {
        var probes: [Probe] = []
        for connection in connections { probes.append(try await Probe(connection)) }
        var (refused, refusedFloor, resumed, resumedFloor) = ([Double](), [Double](), [Double](), [Double]())
        for _ in 0..<rounds {
            try postgres.restart(mode: .fast)
            resumed += try await writeAgain(probes)
            resumedFloor.append(try psqlTime(postgres, database, answered: true))

            try postgres.pause(mode: .fast)
            refusedFloor.append(try psqlTime(postgres, database, answered: false))
            for probe in probes {
                let start = DispatchTime.now().uptimeNanoseconds
                guard try await !probe.write() else { throw BenchFailure("an intent was applied while the database was stopped") }
                refused.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            try postgres.resume()
            _ = try await writeAgain(probes)
        }
        let floorNote = { (samples: [Double]) in
            "a fresh psql: p50 \(Bench.duration(Bench.percentile(samples, 0.5))), max \(Bench.duration(samples.max() ?? 0))"
        }
        Bench.reportTail(
            "shared.first intent answered with the database stopped (503), each of 3 servers, \(rounds) stops", refused,
            beside: "issue 26: within 2 s; refused to \(floorNote(refusedFloor))")
        Bench.reportTail(
            "shared.first write after a fast restart, each of 3 servers, \(rounds) restarts", resumed,
            beside: "issue 26: within 2 s; answered to \(floorNote(resumedFloor))")
    }

    /// An open-ended activity of its own on one server, paused and resumed in turn: each
    /// write that is answered applies, and one refused changes nothing.
    private final class Probe: Sendable {
        let connection: HTTPSyncConnection
        let created: CreatedActivity
        private let writes = Locked(0)
        private let attempts = Locked(0)

        init(_ connection: HTTPSyncConnection) async throws {
            self.connection = connection
            created = try await connection.createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "outage", idempotencyKey: nil)
        }

        /// Sends the next pause or resume; answers whether it was applied.
        func write() async throws -> Bool {
            let (done, attempt) = (writes.value, attempts.withLock { $0 += 1; return $0 })
            let request = try IntentRequest(
                clientID: "outage", intentID: "\(attempt)", intent: done.isMultiple(of: 2) ? .pause : .resume)
            guard (try? await connection.send(request, to: created.id, token: created.token)) != nil else { return false }
            writes.withLock { $0 += 1 }
            return true
        }
    }

    /// How long each probe's server takes from now to apply a write. Nothing announces a
    /// server's way back but an answered write, so each probe sends until one is, pausing
    /// 5 ms between a refusal (answered at once) and the next try rather than flooding it.
    private static func writeAgain(_ probes: [Probe]) async throws -> [Double] {
        let start = DispatchTime.now().uptimeNanoseconds
        return try await withThrowingTaskGroup(of: Double.self) { group in
            for (index, probe) in probes.enumerated() {
                group.addTask {
                    var tries = 1
                    while try await !probe.write() {
                        tries += 1
                        guard tries < 10_000 else { throw BenchFailure("server \(index) never wrote again") }
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// How long one fresh `psql` takes to be `answered` (or refused) by the database.
    private static func psqlTime(_ postgres: PostgresServer, _ database: String, answered: Bool) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = (try? postgres.psql("SELECT 1", database: database)) != nil
        guard outcome == answered else {
            throw BenchFailure("psql was \(outcome ? "answered" : "refused") by a database that should not have")
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private struct BenchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
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
