import AsyncHTTPClient
import Domain
import EmbeddedHosting
import Fixtures
import Foundation
import LiveComposition
import Logging
import NIOCore
import Persistence
import ServiceLifecycle
import SyncAuthority
import SyncClient
import SyncHTTP
import SyncProtocol
#if canImport(Glibc)
    import Glibc
#endif

/// Figures for Sync, in release, on loopback, with durable storage on (the JSON files of
/// Persistence through the composition root's adapter), each beside the floors measured in
/// the same run: one fsync and rename, one loopback round trip, one encode of a push, and
/// for throughput what the same connections get of `GET /healthz` (``SyncThroughput``).
/// With `metrics`, the server
/// keeps `moments serve`'s figures (ADR 0034) and each name says so, for their cost beside
/// a run without; and a scrape of them is timed at the end.
enum SyncBenchmarks {
    static func run(metrics: Bool = false) {
        raiseFileLimit()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { try await measure(metrics: metrics) } catch { print("sync benchmarks failed: \(error)") }
            semaphore.signal()
        }
        semaphore.wait()
    }

    /// Only the in-process throughput and its floor: the intent path without HTTP, for
    /// profiling it (`perf record … Benchmarks intents`).
    static func runInProcess() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("intents-bench-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let assembled = try await LiveRoot.buildServer(ServerConfiguration(locations: StoreLocations(singleDirectory: folder)))
                let fsync = try floors(folder: folder)
                let floor = "64 senders / (fsync + rename) = \(Int(64 / fsync))/s"
                for count in [1, 100] {
                    try await throughput(
                        activities: count, connection: InProcessConnection(server: assembled.server), label: "in-process",
                        beside: floor)
                }
                await assembled.close()
                try await slowCommits(fsync: fsync)
            } catch {
                print("intents benchmark failed: \(error)")
            }
            semaphore.signal()
        }
        semaphore.wait()
    }

    /// In process on the JSON files with every commit 5 ms slower, with the batch's
    /// gathering as the server has it and with none (`longestBatchWait: .zero`), one after
    /// the other: what waiting for the requests the last batch answered is for (ADR 0043).
    private static func slowCommits(fsync: Double) async throws {
        let delay = Duration.milliseconds(5)
        let floor = "64 senders / (fsync + rename + 5 ms) = \(Int(64 / (fsync + 0.005)))/s"
        for (label, wait) in [("gathering", Duration.milliseconds(1)), ("no gathering", .zero)] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let storage = try SlowCommitStorage(folder: folder, delay: delay)
            let server = SyncServer(storage: storage, clock: SystemClock(), longestBatchWait: wait)
            for count in [1, 100] {
                let created = try await IntentLoad.timedActivities(count, through: [InProcessConnection(server: server)])
                _ = storage.answersPerBatch()
                let rate = try await IntentLoad.intentsPerSecond(
                    on: created, through: [InProcessConnection(server: server)], perSender: 100)
                Bench.report(
                    "sync.durable intents/s, \(count) activit\(count == 1 ? "y" : "ies"), in-process, commits 5 ms slower, \(label)",
                    value: rate, unit: "/s", label: "rate  ",
                    beside: "\(floor); \(String(format: "%.1f", storage.answersPerBatch())) intents per batch")
            }
            await server.shutdown()
            storage.close()
        }
    }

    private static func measure(metrics: Bool) async throws {
        // What each figure's name ends with: nothing, or that the figures were kept.
        let suffix = metrics ? ", metrics on" : ""
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 1_200)))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The server as the app builds it: the one composition function, on JSON files.
        let assembled = try await LiveRoot.buildServer(
            ServerConfiguration(
                locations: StoreLocations(singleDirectory: folder), metrics: metrics ? LiveRoot.serverMetrics() : nil))
        let server = assembled.server
        let http = SyncHTTPServer(server: server, port: 0, logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let group = ServiceGroup(
            services: http.makeServices { portContinuation.yield($0) },
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        let serving = Task { try await group.run() }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next() else { return }
        let connection = HTTPSyncConnection(baseURL: "http://127.0.0.1:\(port)", client: client)

        let fsync = try floors(folder: folder)
        let roundTrip = try await roundTripFloor(client: client, port: port)
        let encode = encodeFloor()
        let pushFloor = "loopback round trip \(Bench.duration(roundTrip)), fsync + rename \(Bench.duration(fsync))"
            + ", one encode \(Bench.duration(encode))"
        for subscribers in [1, 100, 1_000] {
            try await pushLatency(subscribers: subscribers, connection: connection, port: port, suffix: suffix, beside: pushFloor)
        }
        try await SyncThroughput.measure(port: port, connection: connection, suffix: suffix)
        // Without HTTP, the floor is the disk's: 64 intents per durable write at most.
        let inProcessFloor = "64 senders / (fsync + rename) = \(Int(64 / fsync))/s"
        for count in [1, 100] {
            try await throughput(
                activities: count, connection: InProcessConnection(server: server), label: "in-process" + suffix,
                beside: inProcessFloor)
        }
        if metrics { try await scrape(client: client, port: port) }

        await group.triggerGracefulShutdown()
        _ = try? await serving.value
        await assembled.close()
        try await client.shutdown()
    }

    /// One durable save of a small document (temporary file, fsync, rename, folder fsync).
    private static func floors(folder: URL) throws -> Double {
        let target = folder.appendingPathComponent("floor.json")
        let bytes = Data(repeating: 0x61, count: 512)
        return try Bench.time("sync.floor fsync + rename (512 B)", samples: 51) {
            try DurableFile.save(bytes, to: target)
        }
    }

    /// One push encoded as the server encodes it (the payload as JSON, keys sorted).
    private static func encodeFloor() -> Double {
        let payload = PushPayload(ActivitySnapshotMother.makeSnapshot())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The same bytes through JSONEncoder, which the server no longer uses: what writing
        // them by hand saves on each push and answer.
        _ = Bench.time("sync.one encode of a push by JSONEncoder (not the server's)", samples: 51, batch: 200) {
            Bench.blackHole(try? encoder.encode(payload))
        }
        return Bench.time("sync.floor one encode of a push", samples: 51, batch: 200) {
            Bench.blackHole(payload.jsonData)
        }
    }

    private static func roundTripFloor(client: HTTPClient, port: Int) async throws -> Double {
        var samples: [Double] = []
        for _ in 0..<200 {
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(5))
            _ = try await response.body.collect(upTo: 1_024)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        Bench.report("sync.floor loopback round trip (GET /healthz)", seconds: Bench.percentile(samples, 0.5))
        return Bench.percentile(samples, 0.5)
    }

    /// From sending an intent to the push arriving at every one of `subscribers` event
    /// streams, read as raw bytes (``EventReaders``) the way a terminal on its own receives
    /// them.
    private static func pushLatency(
        subscribers: Int, connection: HTTPSyncConnection, port: Int, suffix: String, beside: String
    ) async throws {
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "bench",
            idempotencyKey: nil)
        let readers = try EventReaders(
            count: subscribers, port: port, activity: created.id, token: created.token, lastEventID: created.state.version)
        defer { readers.stop() }
        let latencies = try await IntentLoad.pushLatencies(
            rounds: subscribers >= 1_000 ? 60 : 200, on: created, through: connection, readers: [readers])
        Bench.reportTail("sync.intent to push, \(subscribers) SSE subscribers", latencies, suffix: suffix, beside: beside)
    }

    /// Durable intents per second from 64 concurrent senders over `activities` activities.
    /// The median of five runs of 64,000 intents (about a second each): one run moved by
    /// a third with the machine's minute, so one figure said more of the machine than of
    /// the server. The slowest and fastest runs are printed beside it.
    private static func throughput(
        activities count: Int, connection: any SyncConnection, label: String, beside: String
    ) async throws {
        let targets = try await IntentLoad.timedActivities(count, through: [connection])
        var rates: [Double] = []
        for run in 0..<5 {
            rates.append(try await IntentLoad.intentsPerSecond(on: targets, through: [connection], perSender: 1_000, run: run))
        }
        Bench.report(
            "sync.durable intents/s, \(count) activit\(count == 1 ? "y" : "ies"), \(label)",
            value: Bench.percentile(rates, 0.5), unit: "/s", label: "median",
            beside: "\(beside); 5 runs, \(Int(rates.min() ?? 0))-\(Int(rates.max() ?? 0))/s")
    }

    /// One `GET /metrics` after the load, as Prometheus makes it: the figures of every
    /// intent above, and the activities counted from the storage.
    private static func scrape(client: HTTPClient, port: Int) async throws {
        var samples: [Double] = []
        var size = 0
        for _ in 0..<51 {
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .seconds(5))
            size = try await response.body.collect(upTo: 1 << 20).readableBytes
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        Bench.report("sync.metrics scrape (GET /metrics, \(size) B)", seconds: Bench.percentile(samples, 0.5))
    }

    static func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
