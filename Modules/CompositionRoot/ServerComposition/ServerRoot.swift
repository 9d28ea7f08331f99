import Dispatch
import LiveApp
import LiveComposition
import Logging
import Sync
import SyncPostgres
import TerminalIO

/// The composition of `moments-server`: the live app's commands and wiring
/// (``LiveComposition/LiveRoot``), with one dependency more, the sync server on a shared
/// PostgreSQL database (`moments serve --database-url`). A program of its own because the
/// database driver brings all of Foundation, which `moments` keeps out (ADR 0022);
/// `moments serve --database-url` becomes this program.
public enum ServerRoot {
    /// The whole of `moments-server`'s `main`, as ``LiveComposition/LiveRoot/main()``.
    public static func main() -> Never {
        SignalEvents.start()
        Task { await MomentsApp.run(dependencies: dependencies()) }
        dispatchMain()
    }

    /// The live app's dependencies, serving `--database-url` here rather than handing it on.
    public static func dependencies() -> LiveDependencies {
        var dependencies = LiveRoot.dependencies()
        dependencies.assembleSharedServer = { url throws(ServerSetupError) in try await buildSharedServer(url) }
        dependencies.sharedKeys = { url throws(ServerSetupError) in
            // For one command, which exits when done; its connections end with it.
            let storage: PostgresSyncStorage
            do {
                storage = try await PostgresSyncStorage.open(url: url)
            } catch {
                throw ServerSetupError(String(describing: error))
            }
            return PostgresKeyStore(storage: storage)
        }
        return dependencies
    }

    /// Builds a sync server on the PostgreSQL database at `url`: opens it (creating or
    /// migrating its schema; refusing one newer than this program), and catches up the
    /// clock rules that came due while no server ran. Every server given the same URL
    /// shares the same activities. The storage's warnings (a lost LISTEN connection, a
    /// change log it could not read) go to `logger`, as the HTTP server's do.
    public static func buildSharedServer(
        _ url: String, clock: any SyncClock = SystemClock(), logger: Logger = Logger(label: "little-moments.postgres")
    ) async throws(ServerSetupError) -> SharedServer {
        let storage: PostgresSyncStorage
        do {
            storage = try await PostgresSyncStorage.open(url: url, logger: logger)
        } catch {
            throw ServerSetupError(error.description)
        }
        let server = SyncServer(storage: storage, clock: clock)
        await server.tick()
        return SharedServer(server: server, storage: storage)
    }
}

/// A sync server on a shared PostgreSQL database, as ``ServerRoot/buildSharedServer(_:clock:logger:)``
/// builds it: one of any number of servers on the same database.
public final class SharedServer: AssembledServer {
    /// The server.
    public let server: SyncServer
    /// Its storage.
    public let storage: PostgresSyncStorage

    init(server: SyncServer, storage: PostgresSyncStorage) {
        self.server = server
        self.storage = storage
    }

    /// The database, as its URL without any password.
    public var stateFolder: String { storage.location.description }

    /// The people's keys, in the same database: a revocation holds on every server at once.
    public var keys: (any PersonKeyStore)? { PostgresKeyStore(storage: storage) }

    /// Ends every event stream and closes the database's connections.
    public func close() async {
        await server.shutdown()
        await storage.close()
    }
}
