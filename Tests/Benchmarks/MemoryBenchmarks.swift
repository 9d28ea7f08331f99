import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// The resident memory of a real `moments serve` around bursts of 2,000 event streams
/// (issue #26, item 7): before, at the height of each burst, and once it has settled after
/// each closed. Before the server gave memory back it was 27 → 92 MB and stayed at 92,
/// ratcheting higher with each burst.
///
/// Run `swift build -c release --product moments` first, so the server measured is the
/// release one beside this executable.
enum MemoryBenchmarks {
    static let streams = 2_000
    static let bursts = 3

    static func run() {
        SyncBenchmarks.raiseFileLimit()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { try await measure() } catch { print("memory benchmarks failed: \(error)") }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private static func measure() async throws {
        try await ServerProcess.onScratchFolder(measure(on:))
    }

    private static func measure(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "bench",
            idempotencyKey: nil)
        var version = created.state.version
        func burst(_ count: Int) async throws -> Double {
            let readers = try EventReaders(
                count: count, port: server.port, activity: created.id, token: created.token, lastEventID: version)
            version += 1
            readers.expect(version: version)
            let request = try IntentRequest(clientID: "bench", intentID: "\(version)", intent: .adjustTarget(bySeconds: 1))
            _ = try await connection.send(request, to: created.id, token: created.token)
            await readers.waitForAll()
            let during = server.residentMegabytes
            readers.stop()
            return during
        }
        // What every server holds once (threads, pools) is part of the baseline.
        _ = try await burst(20)
        let before = await settled(server)
        Bench.report("memory.serve RSS before a burst of \(streams) streams", value: before, unit: "MB", label: "value")
        for round in 1...bursts {
            let during = try await burst(streams)
            let after = await settled(server)
            Bench.report("memory.serve RSS during burst \(round)", value: during, unit: "MB", label: "value")
            Bench.report("memory.serve RSS after burst \(round)", value: after, unit: "MB", label: "value")
        }
    }

    /// The resident memory 5 s after a burst closed: long enough for the server to notice
    /// every close and give memory back (a second after the fall), as an operator would
    /// read it a little later.
    private static func settled(_ server: ServerProcess) async -> Double {
        try? await Task.sleep(for: .seconds(5))
        return server.residentMegabytes
    }
}
