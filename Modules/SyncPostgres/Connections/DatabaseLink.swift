import Logging
import PostgresNIO
import Synchronization

/// The storage's way to PostgreSQL, built so that no wait on the database is endless
/// (issue #26, ADR 0027): every operation has a deadline, an outage is answered at once
/// rather than waited out, and the way back is tried at least once a second.
///
/// - Every ``run(_:)`` ends within ``Patience/operation``. Past it the operation is
///   cancelled, its connection closed (a connection that stopped answering is discarded,
///   not given to the next request), and the caller gets ``PostgresStorageError/unavailable(_:)``.
/// - A failure that says the database cannot be reached (a refused or cut connection,
///   `57P01` or `57P03` while it shuts down or starts, a deadline passed) starts an
///   *outage*: from then on every operation fails at once with the outage's reason, and a
///   probe (a connection of its own and `SELECT 1`) tries the database after a pause that
///   doubles from 100 ms to at most ``Patience/longestPause``.
/// - When a probe answers, a fresh connection pool takes over from the old one, and
///   operations go through again. The old pool would find the database only at its next
///   try to connect, and PostgresNIO's pool spaces those out to a minute apart with no
///   option to bound them: after an outage of a few minutes, up to a minute late
///   (Documentation/PostgresPool.md, the reproduction; `LibraryPoolTests` keeps it).
final class DatabaseLink: Sendable {
    /// How long the link waits for the database.
    struct Patience: Sendable {
        /// The longest an operation (a lease from the pool and its queries) may take.
        var operation: Duration = PostgresSyncStorage.standardOperationPatience
        /// The longest a probe of a database in an outage may take.
        var probe: Duration = .seconds(1)
        /// The longest pause between two probes: how late, at most, writes resume after
        /// the database is back.
        var longestPause: Duration = .seconds(1)
    }

    private struct Outage {
        let reason: String
        let since: ContinuousClock.Instant
    }

    private struct State {
        var client: PostgresClient
        var clientTask: Task<Void, Never>?
        var outage: Outage?
        var recovery: Task<Void, Never>?
        var closed = false
    }

    /// Where the database is (printable: no password).
    let location: PostgresLocation
    let patience: Patience
    private let logger: Logger
    private let connection: PostgresConnection.Configuration
    private let pool: PostgresClient.Configuration
    private let state: Mutex<State>
    private let nextID = Atomic<Int>(1)

    /// A link to `location` whose pool runs from now until ``close()``.
    init(
        location: PostgresLocation, connection: PostgresConnection.Configuration, pool: PostgresClient.Configuration,
        patience: Patience, logger: Logger
    ) {
        self.location = location
        self.connection = connection
        self.pool = pool
        self.patience = patience
        self.logger = logger
        let client = PostgresClient(configuration: pool, backgroundLogger: logger)
        state = Mutex(State(client: client))
        // Running before `init` returns, so that the first lease finds the pool started.
        let task = Task.immediate { await client.run() }
        state.withLock { $0.clientTask = task }
    }

    /// Runs `body` on a pooled connection within `limit` (``Patience/operation`` unless
    /// told); any failure becomes a ``PostgresStorageError`` that holds what the server
    /// said and no secret. During an outage it fails at once with
    /// ``PostgresStorageError/unavailable(_:)``.
    func run<Result: Sendable>(
        within limit: Duration? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(PostgresStorageError) -> Result {
        let client = try currentClient()
        let held = HeldConnection()
        do {
            return try await Deadline.run(
                within: limit ?? patience.operation,
                operation: {
                    try await client.withConnection { connection in
                        held.hold(connection)
                        defer { held.release() }
                        return try await body(connection)
                    }
                },
                onTimeout: { held.discard() })
        } catch {
            let reason = PostgresStorageError.explain(error)
            if Self.isOutage(error) {
                begin(outage: reason)
                throw .unavailable(reason)
            }
            if let error = error as? PostgresStorageError { throw error }
            throw .database(reason)
        }
    }

    /// A connection of its own, outside the pool (for LISTEN), opened within
    /// ``Patience/operation``; the caller closes it.
    func connectAlone() async throws -> PostgresConnection {
        let (configuration, logger) = (connection, self.logger)
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        return try await Deadline.run(
            within: patience.operation,
            operation: { try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger) },
            late: { connection in try? await connection.close() })
    }

    /// `nil` when the database answers `SELECT 1` now, else why not: what `/readyz` says.
    /// During an outage it answers at once, without asking the database.
    func unavailability() async -> String? {
        if let outage = state.withLock({ $0.outage }) { return outage.reason }
        do {
            try await run { [logger] connection in
                try await connection.query("SELECT 1", logger: logger)
                return ()
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// Stops the probes and the pool; waits for the pool at most `patience`. PostgresNIO
    /// 1.33's pool ends at once, also after the server cut its connections
    /// (`LibraryPoolTests`); the bound stays so that no pool can hold up a process's exit.
    func close(patience: Duration) async {
        let (clientTask, recovery) = state.withLock { state in
            state.closed = true
            defer { (state.clientTask, state.recovery) = (nil, nil) }
            return (state.clientTask, state.recovery)
        }
        recovery?.cancel()
        guard let clientTask else { return }
        clientTask.cancel()
        do {
            try await Deadline.run(within: patience) { await clientTask.value }
        } catch {
            logger.warning(
                "the PostgreSQL connection pool did not shut down in time; leaving it", metadata: ["database": "\(location)"])
        }
    }

    // MARK: - Outages

    private func currentClient() throws(PostgresStorageError) -> PostgresClient {
        let current: Swift.Result<PostgresClient, PostgresStorageError> = state.withLock { state in
            if state.closed { return .failure(.unavailable("the storage is closed")) }
            if let outage = state.outage { return .failure(.unavailable(outage.reason)) }
            return .success(state.client)
        }
        return try current.get()
    }

    /// Starts an outage (once) and its probes.
    private func begin(outage reason: String) {
        let started = state.withLock { state in
            guard !state.closed, state.outage == nil else { return false }
            state.outage = Outage(reason: reason, since: .now)
            return true
        }
        guard started else { return }
        logger.warning(
            "PostgreSQL is not answering; intents and creations are answered 503 and /readyz says so until it does",
            metadata: ["database": "\(location)", "reason": "\(reason)"])
        // Begun from a failed query on any task, and kept in the state so `close()` cancels it: the
        // outage outlives the query that found it.
        let recovery = Task { await self.recover() }
        let closed = state.withLock { state in
            if !state.closed { state.recovery = recovery }
            return state.closed
        }
        if closed { recovery.cancel() }
    }

    /// Probes the database, pausing 100 ms doubling to ``Patience/longestPause`` between
    /// probes, until it answers; then a fresh pool takes over and the outage ends.
    private func recover() async {
        var pause = Duration.milliseconds(100)
        var probes = 0
        while !Task.isCancelled {
            try? await Task.sleep(for: pause)
            guard !Task.isCancelled else { return }
            probes += 1
            do {
                try await probe()
            } catch {
                if probes.isMultiple(of: 10) {
                    logger.warning(
                        "PostgreSQL is still not answering; trying again every \(Deadline.seconds(patience.longestPause)) s",
                        metadata: ["database": "\(location)", "reason": "\(PostgresStorageError.explain(error))"])
                }
                pause = min(pause * 2, patience.longestPause)
                continue
            }
            let fresh = PostgresClient(configuration: pool, backgroundLogger: logger)
            // The pool's run loop, kept in the state and ended by `close()`, as the first pool's
            // is.
            let freshTask = Task.immediate { await fresh.run() }
            let ended: (old: Task<Void, Never>?, since: ContinuousClock.Instant?)? = state.withLock { state in
                guard !state.closed else { return nil }
                defer {
                    state.client = fresh
                    state.clientTask = freshTask
                    state.outage = nil
                    state.recovery = nil
                }
                return (state.clientTask, state.outage?.since)
            }
            guard let ended else {
                freshTask.cancel()
                return
            }
            // Not waited for: its shutdown may be what never ends.
            ended.old?.cancel()
            let down = ended.since.map { Deadline.seconds(ContinuousClock.now - $0) } ?? "?"
            logger.notice(
                "PostgreSQL answers again after \(down) s; a fresh connection pool takes over",
                metadata: ["database": "\(location)"])
            return
        }
    }

    /// One connection of its own and `SELECT 1`, within ``Patience/probe``.
    private func probe() async throws {
        let (configuration, logger) = (connection, self.logger)
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        let held = HeldConnection()
        try await Deadline.run(
            within: patience.probe,
            operation: {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                held.hold(connection)
                defer { held.release() }
                do {
                    try await connection.query("SELECT 1", logger: logger)
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            },
            onTimeout: { held.discard() })
    }

    /// Whether `error` says the database cannot be reached now (rather than that a
    /// statement or a row was wrong): what starts an outage.
    static func isOutage(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError:
            return false
        case is DeadlinePassed:
            return true
        case let error as PostgresStorageError:
            if case .unavailable = error { return true }
            return false
        case let error as PostgresTransactionError:
            guard let inner = error.beginError ?? error.closureError ?? error.commitError else { return true }
            return isOutage(inner)
        case let error as PSQLError:
            // Connection exceptions (08), shutting down or starting up (57), out of
            // connections or memory (53); client-side failures carry no SQLSTATE.
            guard let sqlState = error.serverInfo?[.sqlState] else { return true }
            return ["08", "57", "53"].contains(String(sqlState.prefix(2)))
        case is PostgresDecodingError, is DecodingError:
            return false
        default:
            return true
        }
    }
}

/// The connection an operation holds, so that an operation past its deadline can be cut.
private final class HeldConnection: Sendable {
    private let connection = Mutex<PostgresConnection?>(nil)

    func hold(_ connection: PostgresConnection) {
        self.connection.withLock { $0 = connection }
    }

    func release() {
        connection.withLock { $0 = nil }
    }

    /// Closes the connection, which fails whatever still waits on it; the pool then drops it.
    func discard() {
        guard let connection = connection.withLock({ $0 }) else { return }
        let _: EventLoopFuture<Void> = connection.close()
    }
}
