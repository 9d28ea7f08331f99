import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Persistence
import SyncProtocol

/// The person's files on Persistence's durable JSON files: the live app's
/// ``LiveApp/PersonalFiles``. Each store is opened for one read or change and closed at
/// once (a store is locked while open, and a running session must be able to record);
/// what was repaired on opening is said on standard error.
public struct FileStores: PersonalFiles {
    /// The folders of this run.
    public let locations: StoreLocations
    /// Where what was repaired on opening is said.
    let console: Console

    /// The person's files in `locations`, repairs said on `console`.
    public init(locations: StoreLocations, console: Console) {
        self.locations = locations
        self.console = console
    }

    public var stateFolder: String { locations.stateDirectory.path }

    public func readHistory<Result>(_ read: (any SessionHistory) -> Result) throws(StoreProblem) -> Result {
        let store = try open { () throws(PersistenceError) in try HistoryStore.open(locations: locations) }
        defer { store.close() }
        return read(store)
    }

    public func recordFollowedSit(_ record: SessionRecord) throws(StoreProblem) -> Bool {
        let store = try open { () throws(PersistenceError) in try HistoryStore.open(locations: locations) }
        defer { store.close() }
        do {
            return try store.append(record)
        } catch {
            throw StoreProblem(error)
        }
    }

    public func sitter() throws(StoreProblem) -> Sitter {
        let url = locations.stateDirectory.appendingPathComponent("sitter")
        do {
            if let kept = try SecretFile.firstLine(of: url), let sitter = Sitter(kept) { return sitter }
            // None yet: a new one, created only where there is none, so that two surfaces
            // making one at once both read the one that was made first.
            let made = Sitter.make()
            if try DurableFile.create(Data((made.id + "\n").utf8), at: url) { return made }
            guard let saved = try SecretFile.firstLine(of: url).flatMap(Sitter.init) else {
                throw StoreProblem("\(url.path) holds no sitter id `moments` could read; remove it and try again")
            }
            return saved
        } catch let problem as StoreProblem {
            throw problem
        } catch {
            throw StoreProblem(error)
        }
    }

    public func readSettings() throws(StoreProblem) -> Settings {
        let store = try open { () throws(PersistenceError) in try SettingsStore.open(locations: locations) }
        defer { store.close() }
        return store.settings
    }

    public func changeSettings(_ change: (inout Settings) throws -> Void) throws -> Settings {
        let store = try open { () throws(PersistenceError) in try SettingsStore.open(locations: locations) }
        defer { store.close() }
        var settings = store.settings
        try change(&settings)
        do {
            try store.save(settings)
        } catch {
            throw StoreProblem(error)
        }
        return settings
    }

    public func rememberedSession(on server: String) throws(StoreProblem) -> SessionHandle? {
        try withRemoteSessions { $0.session(on: server).map { SessionHandle(id: $0.activityID, token: $0.token) } }
    }

    public func rememberedJoinCode(on server: String) throws(StoreProblem) -> JoinCode? {
        try withRemoteSessions { $0.session(on: server)?.joinCode.flatMap(JoinCode.init) }
    }

    public func remember(_ session: SessionHandle, joinCode: JoinCode?, on server: String) throws(StoreProblem) {
        try withRemoteSessions { (store) throws(PersistenceError) in
            try store.remember(RemoteSession(server: server, activityID: session.id, token: session.token, joinCode: joinCode?.description))
        }
    }

    public func forget(_ activityID: String, on server: String) throws(StoreProblem) {
        try withRemoteSessions { (store) throws(PersistenceError) in try store.forget(activityID, on: server) }
    }

    public func savedAccessKey() throws(StoreProblem) -> String? {
        do {
            return try SecretFile.firstLine(of: URL(fileURLWithPath: accessKeyPath))
        } catch {
            throw StoreProblem(error)
        }
    }

    public var accessKeyPath: String { locations.configDirectory.appendingPathComponent("key").path }

    /// Opens the remembered remote sessions for `use`, then closes them.
    private func withRemoteSessions<Result>(
        _ use: (RemoteSessionStore) throws(PersistenceError) -> Result
    ) throws(StoreProblem) -> Result {
        let store = try open { () throws(PersistenceError) in try RemoteSessionStore.open(locations: locations) }
        defer { store.close() }
        do {
            return try use(store)
        } catch {
            throw StoreProblem(error)
        }
    }

    /// The store `open` answers, its repairs said once on standard error.
    private func open<Store: RepairReporting>(_ open: () throws(PersistenceError) -> Store) throws(StoreProblem) -> Store {
        do {
            let store = try open()
            for issue in store.issues { console.warn(issue.description) }
            return store
        } catch {
            throw StoreProblem(error)
        }
    }
}

/// A store that reports what it repaired when it opened.
protocol RepairReporting {
    /// What was found wrong and dealt with.
    var issues: [StoreIssue] { get }
}

extension HistoryStore: RepairReporting {}
extension RemoteSessionStore: RepairReporting {}
extension SettingsStore: RepairReporting {}

/// Persistence's history is the live app's: its records, and its index for a period.
extension HistoryStore: SessionHistory {}

extension StoreProblem {
    /// The problem of a store that failed with `error`, said in its words.
    init(_ error: PersistenceError) {
        self.init(error.description, isEnvironmentFailure: error.isEnvironmentFailure)
    }

    /// The problem of `error`: a store's own, or a failure of something else in its words.
    init(_ error: any Error) {
        if let error = error as? PersistenceError {
            self.init(error)
        } else {
            self.init(String(describing: error))
        }
    }
}
