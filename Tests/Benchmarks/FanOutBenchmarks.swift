import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport

/// Fan-out of a real `moments serve` (issue #25, item 2): from sending an intent to its
/// push arriving at every one of 1 to 10,000 event streams, the server's CPU time per push
/// and stream (beside what one `send(2)` costs the floor's threads), and its resident
/// memory per idle stream. The streams are read in this process, by one thread with
/// `poll(2)` (``EventReaders``), so the server's process has its threads to itself.
///
/// Run `swift build -c release --product moments` first, so the server measured is the
/// release one beside this executable.
enum FanOutBenchmarks {
    static func run() {
        ServerProcess.benchmark("fan-out", measure(on:))
    }

    private static func measure(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "bench",
            idempotencyKey: nil)
        let roundTrip = try await HTTPLoad(port: server.port, connections: 1, threads: 1)
            .measure(for: 1) { _, _ in HTTPLoad.get("/healthz") }.latencies
        let floor = "loopback round trip p50 \(Bench.duration(Bench.percentile(roundTrip, 0.5)))"
            + ", p99 \(Bench.duration(Bench.percentile(roundTrip, 0.99)))"
        var version = created.state.version
        let baseline = await settled(server)
        // A frame of the size of this activity's pushes, for the floor of each fan-out.
        let frameBytes = try JSONEncoder().encode(PushPayload(created.state)).count + 40
        for subscribers in [1, 100, 1_000, 10_000] {
            // A p99 is read off the rounds beyond it: of 300 rounds, the fourth slowest
            // (of 100, the second: one slow round moved it by milliseconds).
            let rounds = subscribers >= 10_000 ? 30 : subscribers >= 1_000 ? 300 : 200
            var beside = floor
            var cpuBeside = "the server's user and system time over \(rounds + 1) pushes, each with its intent"
            if subscribers <= 1_000 {
                let (writes, cpuPerSend) = try await fanOutFloor(subscribers: subscribers, rounds: rounds, frameBytes: frameBytes)
                Bench.reportTail("fanout.floor: send(2) of one frame to \(subscribers) sockets, two threads", writes)
                beside = "send(2) to as many sockets p50 \(Bench.duration(Bench.percentile(writes, 0.5)))"
                    + ", p99 \(Bench.duration(Bench.percentile(writes, 0.99))); " + floor
                cpuBeside = "one send(2) of the floor's threads \(Bench.duration(cpuPerSend)) of CPU; " + cpuBeside
            }
            let readers = try EventReaders(
                count: subscribers, port: server.port, activity: created.id, token: created.token, lastEventID: version)
            // One push that every stream receives: each is attached, and idle after it.
            let cpuBefore = try ProcessFigures.cpuSeconds(server.process.processIdentifier)
            let latencies = try await IntentLoad.pushLatencies(
                rounds: rounds + 1, on: created, through: connection, readers: [readers], after: version)
            let cpu = try ProcessFigures.cpuSeconds(server.process.processIdentifier) - cpuBefore
            version += UInt64(rounds + 1)
            Bench.reportTail(
                "fanout.intent to push, \(subscribers) SSE subscribers", Array(latencies.dropFirst()), beside: beside)
            Bench.report(
                "fanout.serve CPU per push and subscriber, \(subscribers)", value: cpu * 1e6 / Double((rounds + 1) * subscribers),
                unit: "µs", label: "mean", beside: cpuBeside)
            if subscribers >= 1_000 {
                let idle = await settled(server)
                Bench.report(
                    "fanout.serve memory per idle subscriber, \(subscribers)", value: (idle - baseline) * 1_024 / Double(subscribers),
                    unit: "KB", label: "value", beside: "VmRSS \(String(format: "%.1f", baseline)) MB without, "
                        + "\(String(format: "%.1f", idle)) MB with them")
            }
            readers.stop()
            _ = await settled(server)
        }
    }

    /// What `rounds` pushes to `subscribers` raw sockets cost without a server
    /// (``FanOutFloor``), read by the same kind of reader.
    private static func fanOutFloor(subscribers: Int, rounds: Int, frameBytes: Int) async throws -> (latencies: [Double], cpuPerSend: Double) {
        let floor = try FanOutFloor(room: subscribers)
        let readers = try EventReaders(count: subscribers, port: floor.port, activity: "floor", token: "floor", lastEventID: 0)
        defer { readers.stop() }
        return try await floor.measure(count: subscribers, readers: readers, rounds: rounds, frameBytes: frameBytes)
    }

    /// The server's resident memory once it has settled: read every quarter second until
    /// two readings in a row agree within 1 % (at most 40 readings).
    static func settled(_ server: ServerProcess) async -> Double {
        var last = server.residentMegabytes
        for _ in 0..<40 {
            try? await Task.sleep(for: .milliseconds(250))
            let now = server.residentMegabytes
            if abs(now - last) <= last / 100 { return now }
            last = now
        }
        return last
    }
}

extension ServerProcess {
    /// Runs `measure` on a `moments serve` of its own (on a scratch folder, with this
    /// process's descriptor limit raised to its hard limit first, which the server
    /// inherits), waiting for it; a failure is printed under `name`.
    static func benchmark(_ name: String, _ measure: @escaping @Sendable (ServerProcess) async throws -> Void) {
        benchmark(name, arguments: [], prepare: { _ in }) { server, _ in try await measure(server) }
    }

    /// ``benchmark(_:_:)`` with `arguments` for `moments serve`, and `prepare` run on its
    /// folder before it starts, its answer given to `measure`.
    static func benchmark<Prepared: Sendable>(
        _ name: String, arguments: [String], prepare: @escaping @Sendable (URL) throws -> Prepared,
        _ measure: @escaping @Sendable (ServerProcess, Prepared) async throws -> Void
    ) {
        SyncBenchmarks.raiseFileLimit()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do {
                try await onScratchFolder(arguments: arguments, prepare: prepare, measure)
            } catch {
                print("\(name) benchmarks failed: \(error)")
            }
            semaphore.signal()
        }
        semaphore.wait()
    }
}
