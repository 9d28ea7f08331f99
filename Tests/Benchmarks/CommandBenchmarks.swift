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
        } catch {
            print("commands benchmarks failed: \(error)")
        }
    }

    /// Runs the binary to its exit, its output discarded.
    private static func launch(_ binary: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "moments \(arguments) exited \(process.terminationStatus)"])
        }
    }
}
