import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The person's settings, kept in `settings.json` in the config folder: pretty-printed, so
/// it reads well, and saved durably whole.
///
/// A new installation, or a settings file that could not be read (moved aside and
/// reported in ``issues``), gives `Domain.Settings.standard`: the app always starts.
/// A file from a newer version is refused and left untouched.
public final class SettingsStore: Sendable {
    /// The file name of the settings in their folder.
    public static let fileName = "settings.json"

    private let file: DocumentFile<Settings>

    private init(file: DocumentFile<Settings>) {
        self.file = file
    }

    /// Opens the settings where `locations` keep configuration.
    public static func open(
        locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> SettingsStore {
        try open(directory: locations.configDirectory, lockWait: lockWait)
    }

    /// Opens the settings in `directory`, holding their lock until ``close()``.
    public static func open(
        directory: URL, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> SettingsStore {
        SettingsStore(
            file: try DocumentFile.open(
                at: directory.appendingPathComponent(fileName), schema: .settings, prettyPrinted: true,
                lockWait: lockWait))
    }

    /// The settings file.
    public var url: URL { file.url }

    /// What was found wrong with the file when it opened, and dealt with.
    public var issues: [StoreIssue] { file.issues }

    /// Whether the settings are on a read-only file system: they can be read, and saving
    /// throws ``PersistenceError/readOnlyFileSystem(path:)``.
    public var isReadOnly: Bool { file.isReadOnly }

    /// The saved settings, or the standard ones when none are saved.
    public var settings: Settings {
        file.document ?? .standard
    }

    /// Saves `settings` durably; on error the previous file is intact.
    public func save(_ settings: Settings) throws(PersistenceError) {
        try file.save(settings)
    }

    /// Releases the lock, so another process can open the settings.
    public func close() {
        file.close()
    }
}
