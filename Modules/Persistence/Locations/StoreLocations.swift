#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Where the app keeps its files, following the XDG base directories.
///
/// - History and the sync server's state: `$XDG_STATE_HOME/little-moments`
///   (default `~/.local/state/little-moments`).
/// - Settings: `$XDG_CONFIG_HOME/little-moments` (default `~/.config/little-moments`).
/// - `MOMENTS_HOME`, or an explicit folder (the apps' `--data-dir`), puts everything in
///   one folder, so a test or a person can isolate a run.
public struct StoreLocations: Hashable, Sendable {
    /// The folder for history and server state.
    public let stateDirectory: URL
    /// The folder for settings.
    public let configDirectory: URL

    /// Everything in one folder.
    public init(singleDirectory: URL) {
        stateDirectory = singleDirectory
        configDirectory = singleDirectory
    }

    /// Separate folders for state and settings.
    public init(stateDirectory: URL, configDirectory: URL) {
        self.stateDirectory = stateDirectory
        self.configDirectory = configDirectory
    }

    /// The folders for this environment: `dataDirectory` first, then `MOMENTS_HOME`, then
    /// the XDG variables, then their defaults under `HOME`. Relative XDG paths are ignored,
    /// as the XDG specification requires.
    public static func resolve(
        dataDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> StoreLocations {
        if let dataDirectory, !dataDirectory.isEmpty {
            return StoreLocations(singleDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true))
        }
        if let home = environment["MOMENTS_HOME"], !home.isEmpty {
            return StoreLocations(singleDirectory: URL(fileURLWithPath: home, isDirectory: true))
        }
        let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func base(_ variable: String, default fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        return StoreLocations(
            stateDirectory: base("XDG_STATE_HOME", default: ".local/state")
                .appendingPathComponent(appFolder, isDirectory: true),
            configDirectory: base("XDG_CONFIG_HOME", default: ".config")
                .appendingPathComponent(appFolder, isDirectory: true))
    }

    /// The folder name under each XDG base.
    public static let appFolder = "little-moments"
}
