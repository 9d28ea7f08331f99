import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Figures for `moments bar`, the status-bar module that is pushed, not polled: how soon
/// after a push its line is printed, and what keeping it running costs. A real
/// `moments serve` and real `moments bar` processes (the release build beside this
/// executable: `swift build -c release` first). The running figures are measured over
/// `MOMENTS_BENCH_BAR_SECONDS` (120 by default; 600 for the ten minutes).
enum BarBenchmarks {
    static func run() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { try await ServerProcess.onScratchFolder(measure(on:)) } catch { print("bar benchmarks failed: \(error)") }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private static func measure(on server: ServerProcess) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        try await latency(on: server, connection: connection, folder: folder)
        let seconds = ProcessInfo.processInfo.environment["MOMENTS_BENCH_BAR_SECONDS"].flatMap(Double.init) ?? 120
        try await running(for: seconds, on: server, connection: connection, folder: folder)
    }

    /// A session of an hour on `server`, with seconds shown or not.
    private static func session(_ connection: HTTPSyncConnection, showSeconds: Bool) async throws -> CreatedActivity {
        try await connection.createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: showSeconds, clientID: "bench",
            idempotencyKey: nil)
    }

    /// From an intent sent to the bar's line printed, beside the floor: the same push read
    /// by a bare event-stream socket (``EventReaders``) in the same rounds.
    private static func latency(on server: ServerProcess, connection: HTTPSyncConnection, folder: TemporaryFolder) async throws {
        let created = try await session(connection, showSeconds: false)
        let readers = try EventReaders(
            count: 1, port: server.port, activity: created.id, token: created.token, lastEventID: created.state.version)
        defer { readers.stop() }
        let bar = try BarProcess(server: server.baseURL, id: created.id, folder: folder)
        defer { bar.stop() }
        var lines = bar.lines.makeAsyncIterator()
        _ = await lines.next()
        var (toPush, toLine, pushToLine): ([Double], [Double], [Double]) = ([], [], [])
        for round in 0..<200 {
            let pause = round.isMultiple(of: 2)
            readers.expect(version: created.state.version + UInt64(round + 1))
            let sent = DispatchTime.now().uptimeNanoseconds
            _ = try await connection.send(
                try IntentRequest(clientID: "bench", intentID: "\(round)", intent: pause ? .pause : .resume),
                to: created.id, token: created.token)
            await readers.waitForAll()
            let pushed = DispatchTime.now().uptimeNanoseconds
            // The bar's line for this push: a paused line begins with ‖, a running one with ▸.
            var printed: UInt64?
            while printed == nil, let (time, line) = await lines.next() {
                if line.hasPrefix(pause ? "‖" : "▸") { printed = time }
            }
            guard let printed else { throw BarProcess.Stopped() }
            toPush.append(Double(pushed - sent) / 1e9)
            toLine.append(Double(printed - sent) / 1e9)
            pushToLine.append(Double(max(printed, pushed) - pushed) / 1e9)
        }
        for (label, quantile) in [("p50   ", 0.5), ("p99   ", 0.99)] {
            Bench.report("bar: intent to bar line printed", seconds: Bench.percentile(toLine, quantile), label: label)
            Bench.report("bar: floor, intent to push on a bare stream", seconds: Bench.percentile(toPush, quantile), label: label)
            Bench.report("bar: push to bar line (after the bare stream had it)", seconds: Bench.percentile(pushToLine, quantile), label: label)
        }
    }

    /// CPU, wakes and peak memory of two bars over `seconds`, one following a session
    /// with seconds shown, one a session that shows minutes; beside them the polling
    /// alternative's floor, `moments status` run once a second, and the wakes of
    /// libdispatch's pool monitor, a 1 Hz timer every Swift program that uses Dispatch has.
    private static func running(
        for seconds: Double, on server: ServerProcess, connection: HTTPSyncConnection, folder: TemporaryFolder
    ) async throws {
        var bars: [(label: String, bar: BarProcess)] = []
        for showSeconds in [true, false] {
            let created = try await session(connection, showSeconds: showSeconds)
            bars.append((showSeconds ? "seconds shown" : "minutes shown", try BarProcess(server: server.baseURL, id: created.id, folder: folder)))
        }
        for (_, bar) in bars {
            var lines = bar.lines.makeAsyncIterator()
            _ = await lines.next()
        }
        // What starting costs, taken off the totals below: a bar stopped at its first line.
        let startup = try BarProcess(server: server.baseURL, id: try await session(connection, showSeconds: false).id, folder: folder)
        var startupLines = startup.lines.makeAsyncIterator()
        _ = await startupLines.next()
        let started = startup.stop()
        let before = try bars.map { (try ProcessFigures.cpuSeconds($0.bar.processID), try ProcessFigures.monitorSwitches($0.bar.processID), $0.bar.linesPrinted) }
        let begun = DispatchTime.now().uptimeNanoseconds
        try await Task.sleep(for: .seconds(seconds))
        let wall = Double(DispatchTime.now().uptimeNanoseconds - begun) / 1e9
        for ((label, bar), (cpu, monitor, printed)) in zip(bars, before) {
            let cpuPerTenMinutes = (try ProcessFigures.cpuSeconds(bar.processID) - cpu) / wall * 600
            let monitorRate = (try ProcessFigures.monitorSwitches(bar.processID) - monitor) / wall * 60
            let peak = try ProcessFigures.peakMemory(bar.processID) / 1_048_576
            let lines = Double(bar.linesPrinted - printed) / wall * 60
            let total = bar.stop()
            Bench.report("bar: CPU per ten minutes, \(label) (over \(Int(wall)) s)", value: cpuPerTenMinutes, unit: "s", label: "mean  ")
            Bench.report("bar: lines per minute, \(label)", value: lines, unit: "/min", label: "mean  ")
            Bench.report(
                "bar: wakes per minute (voluntary switches, all threads), \(label)",
                value: (total.switches - started.switches) / wall * 60, unit: "/min", label: "mean  ")
            Bench.report("bar: floor, of which libdispatch's 1 Hz pool monitor, \(label)", value: monitorRate, unit: "/min", label: "mean  ")
            Bench.report("bar: peak memory (VmHWM), \(label)", value: peak, unit: "MB", label: "max   ")
        }
        Bench.report("bar: floor, polling with moments status every second, CPU per ten minutes", value: try statusCPU(server, folder) * 600, unit: "s", label: "mean  ")
    }

    /// The CPU seconds (user and system) of one `moments status` run against `server`.
    private static func statusCPU(_ server: ServerProcess, _ folder: TemporaryFolder) throws -> Double {
        let runs = 20
        let before = ProcessFigures.children()
        for _ in 0..<runs {
            let status = Process()
            status.executableURL = try BuiltProduct.url(of: "moments")
            status.arguments = ["status", "--server", server.baseURL, "--format", "waybar"]
            status.environment = BarProcess.environment(folder)
            status.standardOutput = FileHandle.nullDevice
            try status.run()
            status.waitUntilExit()
        }
        return (ProcessFigures.children().cpu - before.cpu) / Double(runs)
    }
}

/// A `moments bar --format plain` process following one session on a server, each line it
/// prints timed as it arrives.
final class BarProcess {
    /// The bar ended before printing what was waited for.
    struct Stopped: Error {}

    let process: Process
    /// Each line with the instant it was read (`DispatchTime` nanoseconds).
    let lines: AsyncStream<(UInt64, String)>
    private let count = Locked(0)

    /// The environment of the benchmark's `moments` processes: their own folders in `folder`.
    static func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["MOMENTS_HOME": folder.path("data").path, "XDG_RUNTIME_DIR": folder.url.path, "HOME": folder.url.path, "PATH": "/usr/bin:/bin"]
    }

    /// Starts a bar following session `id` on `server`, with its own folders in `folder`.
    init(server: String, id: String, folder: TemporaryFolder) throws {
        let process = Process()
        process.executableURL = try BuiltProduct.url(of: "moments")
        process.arguments = ["bar", "--server", server, "--format", "plain", id]
        process.environment = Self.environment(folder)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        let (lines, sink) = AsyncStream.makeStream(of: (UInt64, String).self)
        self.lines = lines
        let descriptor = output.fileHandleForReading.fileDescriptor
        let thread = Thread { [count] in
            let reader = DescriptorReader(descriptor)
            while let line = reader.readLine(timeout: .seconds(3_600)) {
                count.withLock { $0 += 1 }
                sink.yield((DispatchTime.now().uptimeNanoseconds, line))
            }
            sink.finish()
        }
        thread.start()
    }

    /// The bar's process id.
    var processID: pid_t { process.processIdentifier }
    /// How many lines it has printed so far.
    var linesPrinted: Int { count.withLock { $0 } }

    /// Ends the bar and waits for it; answers what it spent in all (the CPU seconds and
    /// voluntary context switches of all its threads over its life), when nothing else
    /// the caller started ends meanwhile.
    @discardableResult
    func stop() -> (cpu: Double, switches: Double) {
        let before = ProcessFigures.children()
        process.terminate()
        process.waitUntilExit()
        let after = ProcessFigures.children()
        return (after.cpu - before.cpu, after.switches - before.switches)
    }
}
