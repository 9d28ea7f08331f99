import Domain
import HTTPServing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Persistence
import SessionHooks
import SyncAuthority
import SyncJSONStore
import SyncProtocol

/// The sync server of a data folder with its storage, as ``build(_:)`` assembles them: the authoritative
/// ``SyncAuthority/SyncServer`` on the folder's durable JSON files, recording every ended session
/// into its history. What `moments serve` runs without a database, and what an
/// ``EmbeddedServer`` hosts with a loopback port (the server on a shared database is
/// SharedHosting's `PostgresAssembly`). It holds the state's lock until ``close()``.
public final class DataFolderAssembly: SyncServerAssembly {
    /// The server.
    public let server: SyncServer
    /// Its storage, for the tokens of the sessions it keeps.
    public let storage: JSONSyncStorage
    /// Where its state lives.
    public let stateFolder: String
    /// Its hooks, which ``close()`` lets finish.
    let hooks: HookRunner

    /// Builds the sync server from `configuration`, in the spirit of Hummingbird's
    /// `buildApplication`: opens its state (taking the lock), has every ended session
    /// enter the history (ADR 0013), and catches up the clock rules that
    /// came due while no server ran. `moments serve`, the embedded default and the tests
    /// all build their server here, through ``LiveComposition``'s `LiveRoot.buildServer`.
    public static func build(_ configuration: ServerConfiguration) async throws(ServerSetupError) -> DataFolderAssembly {
        let storage: JSONSyncStorage
        do {
            storage = try JSONSyncStorage(
                locations: configuration.locations, lockWait: configuration.lockWait, onProblem: configuration.onProblem)
        } catch {
            throw ServerSetupError(error.description, cause: error.setupCause)
        }
        for issue in storage.collection.issues { configuration.onProblem(issue.description) }
        let history = HistoryRecorder(locations: configuration.locations, onProblem: configuration.onProblem)
        do {
            try await history.catchUp(from: storage)
        } catch {
            storage.close()
            throw ServerSetupError("the server's state could not be read: \(error)")
        }
        let hooks = HookRunner(
            hooks: configuration.hooks, environment: configuration.environment, timeLimit: configuration.hookTimeLimit,
            onProblem: configuration.onProblem)
        let server = SyncServer(
            storage: storage, clock: configuration.clock, observer: DurableChangeObservers([history, hooks]),
            metrics: configuration.metrics)
        await server.tick()
        return DataFolderAssembly(
            server: server, storage: storage, stateFolder: configuration.locations.stateDirectory.path, hooks: hooks)
    }

    init(server: SyncServer, storage: JSONSyncStorage, stateFolder: String, hooks: HookRunner) {
        self.server = server
        self.storage = storage
        self.stateFolder = stateFolder
        self.hooks = hooks
    }

    /// The newest session still running or paused, with its token: one kept running when
    /// its terminal quit, picked up by the next `start` or `watch`.
    public func liveSession() async -> SessionHandle? {
        guard let listed = try? await server.list() else { return nil }
        for summary in listed where summary.status == .active || summary.status == .stale {
            // The JSON files keep each token whole for this (ADR 0023).
            if let token = try? await storage.activity(summary.id)?.token.plain {
                return SessionHandle(id: summary.id, token: token)
            }
        }
        return nil
    }

    /// The join code of group sit `id`: the JSON files keep its follow code whole, as they
    /// keep the token (ADR 0072).
    public func joinCode(of id: String) async -> JoinCode? {
        guard let secret = try? await storage.activity(id)?.followCode?.plain else { return nil }
        return JoinCode(id: id, secret: secret)
    }

    /// Ends every event stream, waits for the batch being written (up to two seconds: its
    /// changes' hooks are queued once it is durable), lets the hooks queued finish (each
    /// within its time limit: a session's end hook is not lost when `moments start`
    /// leaves), and releases the state.
    public func close() async {
        await server.shutdown()
        await server.finishWrites(within: .seconds(2))
        await hooks.finish()
        storage.close()
    }
}

extension PersistenceError {
    /// What a command makes of this failure to open the server's state: another process
    /// holding it, the machine refusing (a full disk, a folder that cannot be written), or
    /// anything else.
    var setupCause: ServerSetupError.Cause {
        if case .inUse = self { return .inUse }
        return isEnvironmentFailure ? .environment : .other
    }
}
