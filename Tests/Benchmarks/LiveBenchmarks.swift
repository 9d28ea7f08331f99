import Foundation
import Rendering
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Figures for the live app as a person runs it: `moments start` (the release build beside
/// this benchmark; build everything first with `swift build -c release`) in a
/// real pseudo-terminal, on the embedded server with durable state in a fresh folder.
enum LiveBenchmarks {
    static func run() {
        do {
            try firstFrame()
            try runningSession(seconds: 60)
            try termdown()
        } catch {
            print("live benchmarks failed: \(error)")
        }
    }

    /// Reads each product once, so that its pages are in the page cache as they are on
    /// every run after a person's first: the peak-memory figures are of that case, and
    /// termdown's beside them is measured the same way (issue 54).
    private static func cachePages(of products: [String]) {
        for product in products {
            guard let url = try? BuiltProduct.url(of: product) else { continue }
            _ = try? Data(contentsOf: url)
        }
    }

    /// A fresh data and runtime folder, and the environment that points `moments` at them.
    private static func environment(_ folder: TemporaryFolder) throws -> [String: String] {
        try FileManager.default.createDirectory(at: folder.path("run"), withIntermediateDirectories: true)
        return [
            "MOMENTS_HOME": folder.path("data").path, "XDG_RUNTIME_DIR": folder.path("run").path,
            "HOME": folder.url.path, "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
        ]
    }

    /// From spawning the process to the timer on screen (target: under 100 ms).
    private static func firstFrame() throws {
        var samples: [Double] = []
        for _ in 0..<21 {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let environment = try environment(folder)
            let started = DispatchTime.now().uptimeNanoseconds
            let pty = try PseudoTerminal(product: "moments", ["start", "5m"], environment: environment)
            // The session's first frame: its start bell while it rings (the default program
            // rings one), or its running state when there is none; "Connecting…" before.
            guard pty.waitForScreen(timeout: .seconds(10), { $0.text.contains("Start bell") || $0.text.contains("Running") }) else {
                print("live: no first frame: \(pty.errors)")
                return
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            pty.signal(SIGTERM)
            _ = pty.waitForExit()
        }
        Bench.report("live: process start to first frame (pty)", seconds: Bench.percentile(samples, 0.5))
        Bench.report("live: process start to first frame (pty)", seconds: Bench.percentile(samples, 0.9), label: "p90   ")
    }

    /// CPU time and peak memory of a session running with seconds shown, over `seconds`
    /// (targets: under 0.5% of one core, under 30 MB).
    private static func runningSession(seconds: Int) throws {
        cachePages(of: ["moments", "MemoryFloor"])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pty = try PseudoTerminal(product: "moments", ["start", "30m"], environment: try environment(folder))
        guard pty.waitForText("Running", timeout: .seconds(10)) else {
            print("live: the session did not start: \(pty.errors)")
            return
        }
        // Let start-up settle, then measure whole seconds of steady running; reading the
        // pty meanwhile is what keeps the child from blocking on a full buffer.
        pty.waitForScreen(timeout: .seconds(2)) { _ in false }
        let before = try ProcessFigures.cpuSeconds(pty.processID)
        let started = DispatchTime.now().uptimeNanoseconds
        pty.waitForScreen(timeout: .seconds(seconds)) { _ in false }
        let after = try ProcessFigures.cpuSeconds(pty.processID)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let cpu = after - before
        Bench.report("live: CPU of a running session, \(seconds) s", value: cpu / wall * 100, unit: "% of one core", label: "mean  ")
        Bench.report("live: peak memory (VmHWM)", value: try ProcessFigures.peakMemory(pty.processID) / 1_048_576, unit: "MB", label: "max   ")
        Bench.report("live: private memory (RssAnon)", value: try ProcessFigures.memoryField("RssAnon:", of: pty.processID) / 1_048_576, unit: "MB", label: "now   ")
        try idleWatch(beside: pty, environment: try environment(folder))
        pty.signal(SIGTERM)
        _ = pty.waitForExit()
        try memoryFloor(environment: try environment(folder))
    }

    /// A `moments watch` following the running session, idle for two seconds, and the
    /// session's own peak once watched: the first watcher starts its embedded server's
    /// HTTP listener (ADR 0037).
    private static func idleWatch(beside session: PseudoTerminal, environment: [String: String]) throws {
        let watch = try PseudoTerminal(product: "moments", ["watch"], environment: environment)
        guard watch.waitForText("Running", timeout: .seconds(10)) else {
            print("live: the watch did not show the session: \(watch.errors)")
            return
        }
        watch.waitForScreen(timeout: .seconds(2)) { _ in false }
        Bench.report("live: idle watch beside it, peak memory (VmHWM)", value: try ProcessFigures.peakMemory(watch.processID) / 1_048_576, unit: "MB", label: "max   ")
        Bench.report("live: the session once watched (VmHWM)", value: try ProcessFigures.peakMemory(session.processID) / 1_048_576, unit: "MB", label: "max   ")
        watch.signal(SIGTERM)
        _ = watch.waitForExit()
    }

    /// The floor beside the peak: `MemoryFloor`, the Swift runtime and FoundationEssentials
    /// with today's date taken and nothing else, measured the same way.
    private static func memoryFloor(environment: [String: String]) throws {
        let floor = try PseudoTerminal(product: "MemoryFloor", [], environment: environment)
        guard floor.waitForOutput("ready", timeout: .seconds(10)) else {
            print("live: MemoryFloor did not start (build it with `swift build -c release`): \(floor.errors)")
            return
        }
        Bench.report(
            "live: floor, runtime and FoundationEssentials alone (VmHWM)", value: try ProcessFigures.peakMemory(floor.processID) / 1_048_576,
            unit: "MB", label: "max   ")
        floor.signal(SIGTERM)
        _ = floor.waitForExit()
    }

    /// The figure the peak memory is held to: termdown (a countdown timer of Python's,
    /// `pip install termdown`), counting down 30 minutes in the same size of pseudo-terminal,
    /// its peak read after the same settling; its files in the page cache, as the apps' are.
    private static func termdown() throws {
        guard let path = try? ProcessRunner.run("which", ["termdown"]).trimmingCharacters(in: .whitespacesAndNewlines),
            !path.isEmpty
        else {
            print("live: termdown is not installed (pip install termdown): no figure beside the peak memory")
            return
        }
        // The first run fills the page cache with Python and its modules; the second is measured.
        var peak = 0.0
        for _ in 0..<2 {
            // Its interpreter is found on PATH (a pyenv shim, say), and it draws for TERM.
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "xterm-256color"
            // Only its bytes are kept: the screen model reads the sequences of our renderer, not
            // the curses' of termdown.
            let pty = try PseudoTerminal(
                executable: URL(fileURLWithPath: path), ["30m"], environment: environment, drawsScreen: false)
            // Read for four seconds (nothing it writes ends the wait), so it never blocks on the pty.
            _ = pty.waitForOutput("\u{0}never", timeout: .seconds(4))
            peak = try ProcessFigures.peakMemory(pty.processID) / 1_048_576
            pty.signal(SIGTERM)
            _ = pty.waitForExit()
        }
        Bench.report("live: termdown 30m, peak memory (VmHWM), the figure beside it", value: peak, unit: "MB", label: "max   ")
    }
}
