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
        return StoreLocations(
            stateDirectory: appDirectory(in: "XDG_STATE_HOME", default: ".local/state", environment: environment),
            configDirectory: appDirectory(in: "XDG_CONFIG_HOME", default: ".config", environment: environment))
    }

    /// The folder for files the app can always make again (the bowl's sound): the
    /// `MOMENTS_HOME` folder when it is set, else `$XDG_CACHE_HOME/little-moments` (default
    /// `~/.cache/little-moments`). Nothing in it is state: removing it loses nothing.
    public static func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["MOMENTS_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return appDirectory(in: "XDG_CACHE_HOME", default: ".cache", environment: environment)
    }

    /// ``appFolder`` in the XDG base folder `variable` names when it is absolute, else in
    /// its default `fallback` under `HOME`.
    private static func appDirectory(in variable: String, default fallback: String, environment: [String: String]) -> URL {
        let base: URL
        if let value = environment[variable], value.hasPrefix("/") {
            base = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        return base.appendingPathComponent(appFolder, isDirectory: true)
    }

    /// The folder name under each XDG base.
    public static let appFolder = "little-moments"
}
