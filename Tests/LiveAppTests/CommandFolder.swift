import Domain
import Foundation
import Persistence
import TestSupport

/// A temporary data folder for one test of the built `moments`: files written through
/// the real stores, and runs of the real binary that see nothing of the machine's user
/// (`HOME` and `MOMENTS_HOME` both point here, the time zone is UTC, the width 80).
final class CommandFolder {
    private let folder: TemporaryFolder
    /// Where the data lives.
    var url: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder()
    }

    deinit {
        folder.remove()
    }

    /// The environment a run gets: only what the commands read, pointed at this folder.
    var environment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment.filter { ["PATH", "LANG", "LC_ALL"].contains($0.key) }
        return inherited.merging(["HOME": url.path, "MOMENTS_HOME": url.path, "TZ": "UTC", "COLUMNS": "80"]) { $1 }
    }

    /// Records sessions through the history store, as the app does.
    func writeHistory(_ records: [SessionRecord]) throws {
        let store = try HistoryStore.open(directory: url)
        defer { store.close() }
        try store.append(contentsOf: records)
    }

    /// Saves settings through the settings store, as the app does.
    func writeSettings(_ settings: Settings) throws {
        let store = try SettingsStore.open(directory: url)
        defer { store.close() }
        try store.save(settings)
    }

    /// The settings saved here now.
    func savedSettings() throws -> Settings {
        let store = try SettingsStore.open(directory: url)
        defer { store.close() }
        return store.settings
    }

    /// Every file in the folder with its bytes: what "untouched" is checked against.
    func contents() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try folder.names() { files[name] = try folder.bytes(name) }
        return files
    }

    /// Runs `moments` with `arguments` on this folder; `extra` adds to or overrides the
    /// environment.
    func run(_ arguments: [String], extra: [String: String] = [:]) throws -> BuiltProduct.Run {
        try BuiltProduct.run("moments", arguments, environment: environment.merging(extra) { $1 })
    }
}
