import Domain
import Persistence

/// How the commands open the person's files: for as short a time as they can (each store
/// is locked while open, and a running session must be able to record), with what was
/// repaired on opening said on standard error. A command that answers once ends with the
/// reason and status 1 when a store cannot be opened; a session goes on without it, with a
/// warning.
enum LiveStores {
    /// Reads the history where `locations` keep it, then closes it.
    static func readHistory<Result>(
        at locations: StoreLocations, _ read: (HistoryStore) -> Result
    ) throws -> Result {
        let store = try required(open { () throws(PersistenceError) in try HistoryStore.open(locations: locations) })
        defer { store.close() }
        return read(store)
    }

    /// Reads the history where `locations` keep it, or answers `nil` after warning that
    /// `unavailable` (the history is not needed to go on).
    static func readHistoryIfPossible<Result>(
        at locations: StoreLocations, unavailable: String, _ read: (HistoryStore) -> Result
    ) -> Result? {
        switch open({ () throws(PersistenceError) in try HistoryStore.open(locations: locations) }) {
        case .success(let store):
            defer { store.close() }
            return read(store)
        case .failure(let error):
            Console.warn("\(unavailable): \(error.description)")
            return nil
        }
    }

    /// Opens the settings where `locations` keep them for `use`, then closes them.
    static func useSettings<Result>(
        at locations: StoreLocations, _ use: (SettingsStore) throws -> Result
    ) throws -> Result {
        let store = try required(open { () throws(PersistenceError) in try SettingsStore.open(locations: locations) })
        defer { store.close() }
        return try use(store)
    }

    /// The person's settings, or the standard ones (with a warning) when they cannot be
    /// read: a session starts either way.
    static func settingsOrStandard(at locations: StoreLocations) -> Settings {
        switch open({ () throws(PersistenceError) in try SettingsStore.open(locations: locations) }) {
        case .success(let store):
            defer { store.close() }
            return store.settings
        case .failure(let error):
            Console.warn("using the standard settings: \(error.description)")
            return .standard
        }
    }

    /// The store `open` answers, its repairs said once on standard error.
    private static func open<Store: RepairReporting>(
        _ open: () throws(PersistenceError) -> Store
    ) -> Result<Store, PersistenceError> {
        do {
            let store = try open()
            for issue in store.issues { Console.warn(issue.description) }
            return .success(store)
        } catch {
            return .failure(error)
        }
    }

    /// The opened store, or the command's end with the reason it could not open.
    private static func required<Store>(_ opened: Result<Store, PersistenceError>) throws -> Store {
        switch opened {
        case .success(let store): return store
        case .failure(let error): throw Console.failure(error.description)
        }
    }
}

/// A store that reports what it repaired when it opened.
protocol RepairReporting {
    /// What was found wrong and dealt with.
    var issues: [StoreIssue] { get }
}

extension HistoryStore: RepairReporting {}
extension SettingsStore: RepairReporting {}
