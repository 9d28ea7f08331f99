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
        let store: HistoryStore
        do {
            store = try HistoryStore.open(locations: locations)
        } catch {
            throw Console.failure(error.description)
        }
        defer { store.close() }
        for issue in store.issues { Console.warn(issue.description) }
        return read(store)
    }

    /// Opens the settings where `locations` keep them for `use`, then closes them.
    static func useSettings<Result>(
        at locations: StoreLocations, _ use: (SettingsStore) throws -> Result
    ) throws -> Result {
        let store: SettingsStore
        do {
            store = try SettingsStore.open(locations: locations)
        } catch {
            throw Console.failure(error.description)
        }
        defer { store.close() }
        for issue in store.issues { Console.warn(issue.description) }
        return try use(store)
    }
}
