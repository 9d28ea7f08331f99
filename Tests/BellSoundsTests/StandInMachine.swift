import BellSounds
import Foundation
import LiveApp
import TestSupport

/// A machine of the test's own: a `bin` folder that is the whole `PATH`, holding the
/// players a test puts there (stand-ins that log how they were called, or links to real
/// ones), and a cache folder (`XDG_CACHE_HOME`).
struct StandInMachine {
    let folder: TemporaryFolder
    var bin: URL { folder.path("bin") }
    var cacheHome: URL { folder.path("cache") }
    var log: URL { folder.path("players.log") }

    private init(folder: TemporaryFolder) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    }

    /// Runs `body` on a new machine, then removes it.
    static func with(_ body: (StandInMachine) async throws -> Void) async throws {
        try await TemporaryFolder.with { folder in try await body(StandInMachine(folder: folder)) }
    }

    /// The environment a player is found and run with: this machine's `PATH` and cache,
    /// and `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": bin.path, "XDG_CACHE_HOME": cacheHome.path, "HOME": folder.url.path].merging(extra) { $1 }
    }

    /// The bowl as this machine plays it, waiting for a player's exit up to `grace`.
    func player(_ extra: [String: String] = [:], grace: Duration = Patience.hang) -> BowlPlayer {
        BowlPlayer(environment: environment(extra), startupGrace: grace)
    }

    /// A stand-in player named `name` in `bin` (or at `path`): it logs its name and
    /// arguments, one line, prints `error` on standard error, then exits with `status`.
    @discardableResult
    func standIn(_ name: String, status: Int32 = 0, error: String = "", at path: URL? = nil) throws -> URL {
        let url = path ?? bin.appendingPathComponent(name)
        let script = """
            #!/bin/sh
            echo "\(name) $*" >> '\(log.path)'
            \(error.isEmpty ? "" : "echo '\(error)' >&2")
            exit \(status)
            """
        try ExecutableScript.write(script, to: url)
        return url
    }

    /// A link in `bin` to the real program `name` at `target`.
    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(name).path, withDestinationPath: target)
    }

    /// The lines the stand-ins logged, in order.
    func calls() throws -> [String] {
        guard FileManager.default.fileExists(atPath: log.path) else { return [] }
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Where this machine keeps the bowl of `strikes` strikes at `volume`.
    func cached(strikes: Int, volume: Int) -> URL {
        SoundCache(folder: cacheHome.appendingPathComponent("little-moments")).url(strikes: strikes, volume: volume)
    }
}

extension BellSoundOutcome {
    /// Why the bell was not played; `nil` when it was.
    var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }
}
