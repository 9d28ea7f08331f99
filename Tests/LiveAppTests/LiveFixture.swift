import Domain
import Foundation
import Persistence
import Rendering
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One person's machine for a live test: a data folder (`MOMENTS_HOME`), a runtime folder
/// (`XDG_RUNTIME_DIR`) and the environment every `moments` of the test runs with, so
/// parallel tests never see each other's sessions.
final class LiveFixture {
    let folder: TemporaryFolder
    var data: URL { folder.path("data") }
    var runtime: URL { folder.path("run") }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    }

    deinit { folder.remove() }

    /// The environment of every process of the test.
    var environment: [String: String] {
        [
            "MOMENTS_HOME": data.path, "XDG_RUNTIME_DIR": runtime.path, "HOME": folder.url.path,
            // No sound card here: a player that fails at once, so a bell falls back to the
            // terminal's, which the pseudo-terminal counts.
            "MOMENTS_PLAYER": "/bin/false",
            "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC",
        ]
    }

    /// `moments ARGUMENTS` in a pseudo-terminal of `size`.
    func moments(
        _ arguments: [String], size: Size = Size(width: 80, height: 24), extra: [String: String] = [:],
        errorsOnTerminal: Bool = false
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            product: "moments", arguments, environment: environment.merging(extra) { $1 }, size: size,
            errorsOnTerminal: errorsOnTerminal)
    }

    /// `moments ARGUMENTS` with standard input and output on files (no terminal).
    func run(_ arguments: [String]) throws -> BuiltProduct.Run {
        try BuiltProduct.run("moments", arguments, environment: environment)
    }

    /// The sessions in the history of the data folder.
    func history() throws -> [SessionRecord] {
        let store = try HistoryStore.open(locations: StoreLocations(singleDirectory: data))
        defer { store.close() }
        return store.records
    }

    /// The runtime files of running `moments` processes.
    func runtimeFiles() -> [URL] {
        let folder = runtime.appendingPathComponent("little-moments")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
    }

    /// Waits until `condition` holds, looking again each time a little has passed, up to
    /// `timeout`: for state outside any output a test could wait on (a file appearing).
    func eventually(timeout: Duration = Patience.hang, _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            if condition() { return true }
            var none = pollfd()
            _ = poll(&none, 0, 10)
        }
        return condition()
    }
}
