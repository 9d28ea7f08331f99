import AccessKeys
import Domain
import HTTPServing
import LiveApp
import Logging
import SessionHooks
import SyncAuthority
import SyncPostgres
import SyncProtocol

/// A sync server with its storage on a shared PostgreSQL database, as
/// ``build(_:clock:logger:metrics:)`` assembles them: one of any number of servers on the same database.
public final class PostgresAssembly: SyncServerAssembly {
    /// The server.
    public let server: SyncServer
    /// Its storage.
    public let storage: PostgresSyncStorage
    /// The hooks of the changes it commits, which ``close()`` lets finish.
    let hooks: HookRunner?

    /// Builds a sync server on the PostgreSQL database at `url`: opens it (creating or
    /// migrating its schema; refusing one newer than this program), and catches up the
    /// clock rules that came due while no server ran. Every server given the same URL
    /// shares the same activities. The storage's warnings (a lost LISTEN connection, a
    /// change log it could not read) go to `logger`, as the HTTP server's do; the server's
    /// figures, and the change feed's lag, to `metrics` (`nil`: none). `hooks` run, in
    /// `environment`, for the changes this server commits: among servers sharing the
    /// database, each change is committed by one, so each hook runs once.
    public static func build(
        _ url: String, clock: any SyncClock = SystemClock(), logger: Logger = Logger(label: "little-moments.postgres"),
        metrics: SyncMetrics? = nil, hooks: SessionHooks = .none, environment: [String: String] = [:]
    ) async throws(ServerSetupError) -> PostgresAssembly {
        let storage: PostgresSyncStorage
        do {
            storage = try await PostgresSyncStorage.open(url: url, logger: logger, metrics: metrics)
        } catch {
            throw setupError(error)
        }
        let runner = hooks == .none ? nil : HookRunner(hooks: hooks, environment: environment) { problem in
            logger.warning("\(problem)")
        }
        let server = SyncServer(storage: storage, clock: clock, observer: runner, metrics: metrics)
        await server.tick()
        return PostgresAssembly(server: server, storage: storage, hooks: runner)
    }

    /// The people's access keys in the database at `url`, for one command (`moments keys
    /// --database-url`), which exits when done: its connections end with it.
    public static func keys(at url: String) async throws(ServerSetupError) -> PostgresKeyStore {
        let storage: PostgresSyncStorage
        do {
            storage = try await PostgresSyncStorage.open(url: url)
        } catch {
            throw setupError(error)
        }
        return PostgresKeyStore(storage: storage)
    }

    /// Refuses a database URL of the wrong shape, saying the shape it must have, before
    /// anything else is read or made.
    public static func checkLocation(_ url: String) throws(ServerSetupError) {
        do {
            _ = try PostgresLocation(url: url)
        } catch {
            throw setupError(error)
        }
    }

    /// Why the database could not be opened, as a command says it: a URL of the wrong
    /// shape is the person's input to correct; anything else, the database's.
    private static func setupError(_ error: PostgresStorageError) -> ServerSetupError {
        if case .badLocation = error { return ServerSetupError(error.description, cause: .input) }
        return ServerSetupError(error.description)
    }

    init(server: SyncServer, storage: PostgresSyncStorage, hooks: HookRunner? = nil) {
        self.server = server
        self.storage = storage
        self.hooks = hooks
    }

    /// The database, as its URL without any password.
    public var stateFolder: String { storage.location.description }

    /// The people's access keys, in the same database: a revocation holds on every server at once.
    public var keys: (any AccessKeyStore)? { PostgresKeyStore(storage: storage) }

    /// Ends every event stream, waits for the batch being committed (up to two seconds:
    /// its changes' hooks are queued once it is durable, and another server may already
    /// have pushed them), lets the queued hooks finish, and closes the database's connections.
    public func close() async {
        await server.shutdown()
        await server.finishWrites(within: .seconds(2))
        await hooks?.finish()
        await storage.close()
    }
}
