import Domain
import Fixtures
import Foundation
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Figures for the commands that answer once, as a person meets them: the built `moments`
/// started as a process, from launch to exit, piped, on an empty history, a realistic year
/// and 100,000 sessions. Build it beside this program first:
/// `swift build -c release --product moments`.
enum CommandBenchmarks {
    static func run() {
        let binary = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("moments")
        guard let binary, FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("commands: no moments beside Benchmarks; run `swift build -c release --product moments` first")
            return
        }
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("moments-bench-commands-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let histories: [(label: String, records: [SessionRecord])] = [
                ("empty", []), ("a year", SessionRecordMother.makeYear(end: Date())),
                ("100,000", SessionRecordMother.makeMany(count: 100_000, end: Date())),
            ]
            for history in histories {
                let folder = root.appendingPathComponent(history.label)
                let store = try HistoryStore.open(directory: folder)
                try store.append(contentsOf: history.records)
                store.close()
                let samples = history.records.count > 10_000 ? 7 : 21
                for arguments in [["stats"], ["history", "--since", "7d"], ["widget", "medium"]] {
                    try Bench.time("commands.\(arguments.joined(separator: " ")) (\(history.label))", samples: samples) {
                        try launch(binary, arguments + ["--data-dir", folder.path])
                    }
                }
                try historyJSON(binary, folder: folder, label: history.label, samples: samples)
            }
            try status(binary, root: root.appendingPathComponent("status"))
        } catch {
            print("commands benchmarks failed: \(error)")
        }
    }

    /// `moments history --json`, beside its floor measured in the same run on the same
    /// file: Python merely parsing each line of the history with `json.loads` (issue 25
    /// asks the command, which also writes every session out, to be faster than that).
    /// The two are sampled in turn, so a burst of load elsewhere weighs on both alike.
    private static func historyJSON(_ binary: URL, folder: URL, label: String, samples: Int) throws {
        let file = folder.appendingPathComponent(HistoryStore.fileName).path
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let hasPython = FileManager.default.isExecutableFile(atPath: python.path)
        var command: [Double] = []
        var floor: [Double] = []
        for _ in 0..<samples {
            command.append(try seconds { try launch(binary, ["history", "--json", "--data-dir", folder.path]) })
            if hasPython {
                floor.append(try seconds {
                    try launch(python, ["-c", "import json, sys; [json.loads(l) for l in open(sys.argv[1])]", file])
                })
            }
        }
        let median = Bench.percentile(command, 0.5)
        Bench.report("commands.history --json (\(label))", seconds: median)
        guard hasPython else { return print("commands: no /usr/bin/python3, so no floor beside history --json") }
        let pythonMedian = Bench.percentile(floor, 0.5)
        Bench.report("commands.history --json (\(label)), floor: Python json.loads per line", seconds: pythonMedian)
        Bench.report(
            "commands.history --json (\(label)) / the Python floor", value: median / pythonMedian, unit: "x", label: "ratio")
    }

    /// The seconds `body` takes.
    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `moments status`, as a bar runs it every second, each figure beside its floor (the
    /// process time of `moments --version`, which opens nothing): with no session at all
    /// (the state opened for one read and let go), and beside a `moments start` hosting a
    /// session (one read over its loopback port).
    private static func status(_ binary: URL, root: URL) throws {
        let environment = [
            "MOMENTS_HOME": root.appendingPathComponent("data").path, "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
            "HOME": root.path, "TZ": "UTC",
        ]
        try FileManager.default.createDirectory(at: root.appendingPathComponent("run"), withIntermediateDirectories: true)
        let floor = try Bench.time("commands.--version (the floor)", samples: 31) { try launch(binary, ["--version"]) }
        let none = try Bench.time("commands.status, no session (exit 5)", samples: 31) {
            try launch(binary, ["status"], environment: environment, expecting: 5)
        }
        Bench.report("commands.status, no session, over the floor", seconds: none - floor)

        let start = Process()
        start.executableURL = binary
        start.arguments = ["start", "20m", "--no-tty"]
        start.environment = environment
        let lines = Pipe()
        start.standardOutput = lines
        try start.run()
        defer {
            start.terminate()
            start.waitUntilExit()
        }
        // Its first line says the session runs, after it announced itself in the runtime
        // folder: read until it comes (it writes a line a minute after, far below a pipe's size).
        _ = lines.fileHandleForReading.availableData
        let hosted = try Bench.time("commands.status, beside a running start", samples: 31) {
            try launch(binary, ["status", "--format", "waybar"], environment: environment)
        }
        Bench.report("commands.status, beside a running start, over the floor", seconds: hosted - floor)
    }

    /// Runs the binary to its exit, its output discarded. Spawned and waited for with
    /// `posix_spawn` and `waitpid`: Foundation's `waitUntilExit` polls its run loop every
    /// 50 ms, which once made every command look like it took 50 ms.
    private static func launch(
        _ binary: URL, _ arguments: [String], environment: [String: String]? = nil, expecting expected: Int32 = 0
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let variables: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { variables?.forEach { free($0) } }
        let spawned = variables.map { posix_spawn(&child, binary.path, &actions, nil, argv, $0) }
            ?? posix_spawn(&child, binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "moments could not start: errno \(spawned)"])
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // An exit, with its code in the second byte of the wait status (WEXITSTATUS).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == expected else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "moments \(arguments) exited with wait status \(status)"])
        }
    }
}
