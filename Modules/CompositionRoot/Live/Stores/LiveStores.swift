import Persistence

/// How a command that answers once opens the person's files: for as short a time as it
/// can (each store is locked while open, and a running session must be able to record),
/// with what was repaired on opening said on standard error, and a failure to open ended
/// with its message and status 1.
enum LiveStores {
    /// Reads the history where `locations` keep it, then closes it.
    static func readHistory<Result>(
        at locations: StoreLocations, _ read: (HistoryStore) -> Result
    ) throws -> Result {
        let store = try opened { () throws(PersistenceError) in try HistoryStore.open(locations: locations) }
        defer { store.close() }
        warn(store.issues)
        return read(store)
    }

    /// Opens the settings where `locations` keep them for `use`, then closes them.
    static func useSettings<Result>(
        at locations: StoreLocations, _ use: (SettingsStore) throws -> Result
    ) throws -> Result {
        let store = try opened { () throws(PersistenceError) in try SettingsStore.open(locations: locations) }
        defer { store.close() }
        warn(store.issues)
        return try use(store)
    }

    /// The store `open` answers, or the command's end with the reason it could not open.
    private static func opened<Store>(_ open: () throws(PersistenceError) -> Store) throws -> Store {
        do {
            return try open()
        } catch {
            throw Console.failure(error.description)
        }
    }

    /// Says once, on standard error, what was found wrong with a store and dealt with.
    private static func warn(_ issues: [StoreIssue]) {
        for issue in issues { Console.warn(issue.description) }
    }
}
