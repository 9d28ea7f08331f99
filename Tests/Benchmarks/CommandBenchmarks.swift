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
                for arguments in [["stats"], ["history", "--since", "7d"], ["history", "--json"], ["widget", "medium"]] {
                    let samples = history.records.count > 10_000 ? 7 : 21
                    try Bench.time("commands.\(arguments.joined(separator: " ")) (\(history.label))", samples: samples) {
                        try launch(binary, arguments + ["--data-dir", folder.path])
                    }
                }
            }
            try status(binary, root: root.appendingPathComponent("status"))
        } catch {
            print("commands benchmarks failed: \(error)")
        }
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
