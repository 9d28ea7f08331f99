#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import PostgresNIO
import SyncAuthority
import SyncProtocol
import Synchronization

/// Sync's storage on PostgreSQL, so that any number of stateless `moments serve` processes
/// share their activities (issue #13): every write is conditional on the version it read,
/// and every change any of them commits comes back to all on ``changes()``.
///
/// Open it with ``open(url:logger:metrics:operationPatience:)``; it creates or migrates the tables
/// (``PostgresSchema``) and keeps a pool of connections (`PostgresClient`) until
/// ``close()``, and, while the server on it runs (``run()``), one LISTEN connection of its
/// own for the change feed, all through a
/// `DatabaseLink`: no wait on the database lasts longer than its deadline, and an outage
/// is answered at once rather than waited out (ADR 0027).
public final class PostgresSyncStorage: Sendable {
    /// How long a change stays in the change log: far longer than a server takes to read it.
    public static let changeLogRetention: Duration = .seconds(600)
    /// How often the change feed reads the log even without a notification.
    public static let pollInterval: Duration = .seconds(1)
    /// The longest one database operation (a lease from the pool and its queries, or a
    /// connection) may take before it is cut and answered as an outage (ADR 0027).
    public static let standardOperationPatience: Duration = .milliseconds(1_500)

    /// Where the database is (printable: no password).
    public var location: PostgresLocation { link.location }
    /// The way to the database: every wait bounded, outages answered at once (ADR 0027).
    let link: DatabaseLink
    let logger: Logger
    private let feed = ChangeFeed()
    /// Where the change log ended when the storage was opened: the feed reads after it.
    private let feedStart: Int64
    private let metrics: SyncMetrics?
    /// Whether the feed has been run (``run()``): it runs once.
    private let feedRan = Mutex(false)

    private init(link: DatabaseLink, logger: Logger, feedStart: Int64, metrics: SyncMetrics?) {
        self.link = link
        self.logger = logger
        self.feedStart = feedStart
        self.metrics = metrics
    }

    /// Opens the storage in the database at `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`).
    ///
    /// - Throws: ``PostgresStorageError`` when the URL does not read, the database cannot
    ///   be reached, or its schema is newer than this program's; each message says what to
    ///   do and holds no password.
    /// - Parameters:
    ///   - url: Where the database is.
    ///   - logger: Where the storage's warnings go (a lost LISTEN connection, a change log
    ///     it could not read).
    ///   - metrics: Where the change feed's lag goes; `nil`: nowhere.
    ///   - operationPatience: The longest one database operation may take before it is cut
    ///     and answered as an outage; the product keeps the standard 1.5 s.
    public static func open(
        url: String, logger: Logger = quiet, metrics: SyncMetrics? = nil,
        operationPatience: Duration = standardOperationPatience
    ) async throws(PostgresStorageError) -> PostgresSyncStorage {
        try await open(PostgresLocation(url: url), logger: logger, metrics: metrics, operationPatience: operationPatience)
    }

    /// Opens the storage in the database at `location`: connects once to create or migrate
    /// the tables and to find where the change log ends, then starts the pool. The feed
    /// (``run()``) records its lag into `metrics` (`SyncMetrics.changeFeedLagged(seconds:)`).
    ///
    /// - Throws: ``PostgresStorageError/unreachable(location:reason:)`` or
    ///   ``PostgresStorageError/schemaTooNew(location:found:supported:)``.
    /// - Parameters:
    ///   - location: Where the database is.
    ///   - logger: Where the storage's warnings go.
    ///   - maximumConnections: The most connections the pool keeps open.
    ///   - metrics: Where the change feed's lag goes; `nil`: nowhere.
    ///   - operationPatience: The longest one database operation (or connection) may take
    ///     before it is cut and answered as an outage.
    public static func open(
        _ location: PostgresLocation, logger: Logger = quiet, maximumConnections: Int = 10, metrics: SyncMetrics? = nil,
        operationPatience: Duration = standardOperationPatience
    ) async throws(PostgresStorageError) -> PostgresSyncStorage {
        let start: Int64
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try connectionConfiguration(location, connectTimeout: operationPatience)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            do {
                try await PostgresSchema.prepare(on: connection, location: location, logger: logger)
                start = try await lastSequence(on: connection, logger: logger)
                try? await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
        } catch let error as PostgresStorageError {
            throw error
        } catch {
            throw .unreachable(location: location.description, reason: PostgresStorageError.explain(error))
        }

        let link = DatabaseLink(
            location: location, connection: configuration,
            pool: clientConfiguration(location, maximumConnections, connectTimeout: operationPatience),
            patience: DatabaseLink.Patience(operation: operationPatience), logger: logger)
        return PostgresSyncStorage(link: link, logger: logger, feedStart: start, metrics: metrics)
    }

    /// The change feed: reads what every server commits after the storage was opened, into
    /// ``changes()``, and prunes the change log, until the task is cancelled; then every
    /// stream of ``changes()`` ends. The server on this storage runs it (`SyncServer.run()`),
    /// so the feed is a child of the server's run (ADR 0070). It runs once: a second call
    /// returns at once.
    public func run() async {
        let first = feedRan.withLock { ran in
            defer { ran = true }
            return !ran
        }
        guard first else { return }
        await feed.run(
            link: link, after: feedStart, pollInterval: Self.pollInterval, retention: Self.changeLogRetention,
            logger: logger, metrics: metrics)
    }

    /// Ends every stream of ``changes()`` and closes every connection. The storage answers
    /// nothing after. The feed's run (``run()``) ends with its own task, before this.
    public func close() async {
        feed.finish()
        await link.close(patience: Self.shutdownPatience)
    }

    /// How long ``close()`` waits for the connection pool to shut down.
    static let shutdownPatience: Duration = .seconds(2)

    /// `nil` when the database answers now, else why not, in words an operator can act on:
    /// what `/readyz` says (ADR 0027). During an outage it answers at once.
    public func unavailability() async -> String? {
        guard let reason = await link.unavailability() else { return nil }
        return "PostgreSQL at \(location) is not answering (\(reason)); the server tries it again every second"
    }

    /// The changes committed from now on by any server sharing the database, each
    /// activity's in version order. Ends when the storage closes.
    public func changes() -> AsyncStream<ActivitySnapshot> {
        feed.stream()
    }

    /// Deletes what is no longer needed: the change log's rows older than `retention`,
    /// and the answers past what each activity remembers (the newest
    /// `StoredActivity.answersPerClient` of each client, `StoredActivity.rememberedAnswers`
    /// in all). The change feed does this every minute by itself.
    ///
    /// - Throws: ``PostgresStorageError`` when the database does not answer.
    public func prune(olderThan retention: Duration = changeLogRetention) async throws(PostgresStorageError) {
        do {
            try await ChangeFeed.prune(link: link, olderThan: retention, logger: logger)
        } catch {
            throw .database(PostgresStorageError.explain(error))
        }
    }

    /// Asks the change feed to read the log now rather than at its next notification or
    /// poll.
    func pokeFeed() {
        feed.poke()
    }

    // MARK: - Reads

    /// The activity `id` as committed, with every answer it remembers, or `nil`.
    public func activity(_ id: String) async throws -> StoredActivity? {
        try await activity(
            from: """
            SELECT a.state::text, x.client_id, x.intent_id, x.outcome::text
            FROM activities AS a LEFT JOIN activity_answers AS x ON x.activity_id = a.id
            WHERE a.id = \(id) ORDER BY x.seq
            """)
    }

    /// The activity `id` as committed, with only its answer to `key` (if it remembers
    /// one), or with none when `key` is `nil`: all a decision or a read needs, in one
    /// small read.
    public func activity(_ id: String, answering key: IntentKey?) async throws -> StoredActivity? {
        guard let key else { return try await activities(where: "SELECT state::text FROM activities WHERE id = \(id)").first }
        return try await activity(
            from: """
            SELECT a.state::text, x.client_id, x.intent_id, x.outcome::text
            FROM activities AS a LEFT JOIN activity_answers AS x
                ON x.activity_id = a.id AND x.client_id = \(key.clientID) AND x.intent_id = \(key.intentID)
            WHERE a.id = \(id)
            """)
    }

    /// One activity from rows of its state and its answers (none: a row of NULLs), in the
    /// order it gave them.
    private func activity(from query: PostgresQuery) async throws -> StoredActivity? {
        try await run { [logger] connection in
            var found: StoredActivity?
            let rows = try await connection.query(query, logger: logger)
            for try await (state, clientID, intentID, outcome) in rows.decode((String, String?, String?, String?).self) {
                if found == nil { found = try StoredJSON.activity(fromState: state) }
                if let clientID, let intentID, let outcome {
                    found?.remember(try StoredJSON.answer(clientID: clientID, intentID: intentID, outcome: outcome))
                }
            }
            return found
        }
    }

    /// The activity that the keyed creation `key` made, as committed (without its answers:
    /// a retried creation needs none), or `nil`.
    public func activity(createdWith key: IdempotencyKey) async throws -> StoredActivity? {
        try await activities(where: "SELECT state::text FROM activities WHERE creation_key = \(key.digest)").first
    }

    /// Every activity, or only `owner`'s, as committed, by id, without their answers: a
    /// listing needs none.
    public func activities(ownedBy owner: String?) async throws -> [StoredActivity] {
        if let owner {
            return try await activities(where: "SELECT state::text FROM activities WHERE owner = \(owner) ORDER BY id")
        }
        return try await activities(where: "SELECT state::text FROM activities ORDER BY id")
    }

    /// How many of `owner`'s activities have not ended.
    public func liveCount(ownedBy owner: String) async throws -> Int {
        try await single("SELECT count(*)::bigint FROM activities WHERE owner = \(owner) AND NOT ended", as: Int64.self)
            .map(Int.init) ?? 0
    }

    /// The ids of the activities whose next clock rule is due at `instant`, at most
    /// `limit`, earliest first.
    public func due(at instant: Date, limit: Int) async throws -> [String] {
        try await run { [logger] connection in
            var ids: [String] = []
            let rows = try await connection.query(
                "SELECT id FROM activities WHERE deadline <= \(instant) ORDER BY deadline, id LIMIT \(limit)",
                logger: logger)
            for try await id in rows.decode(String.self) { ids.append(id) }
            return ids
        }
    }

    /// The earliest clock-rule deadline of any activity, or `nil`.
    public func nextDeadline() async throws -> Date? {
        try await single("SELECT min(deadline) FROM activities", as: Date?.self) ?? nil
    }

    /// Every ended session as recorded, oldest first: what the history holds.
    public func history() async throws -> [ActivitySnapshot] {
        try await run { [logger] connection in
            var snapshots: [ActivitySnapshot] = []
            let rows = try await connection.query(
                "SELECT snapshot::text FROM history ORDER BY recorded, activity_id", logger: logger)
            for try await text in rows.decode(String.self) { snapshots.append(try StoredJSON.snapshot(from: text)) }
            return snapshots
        }
    }

    // MARK: - Connections

    /// Runs `body` on a pooled connection, within the link's deadline; any failure becomes
    /// a ``PostgresStorageError`` that holds what the server said and no secret, and
    /// ``PostgresStorageError/unavailable(_:)`` when the database does not answer.
    func run<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(PostgresStorageError) -> Result {
        try await link.run(body)
    }

    private func activities(where query: PostgresQuery) async throws -> [StoredActivity] {
        try await run { [logger] connection in
            var found: [StoredActivity] = []
            for try await text in try await connection.query(query, logger: logger).decode(String.self) {
                found.append(try StoredJSON.activity(fromState: text))
            }
            return found
        }
    }

    private func single<Value: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: Value.Type) async throws -> Value? {
        try await run { [logger] connection in
            for try await value in try await connection.query(query, logger: logger).decode(Value.self) {
                return value
            }
            return nil
        }
    }

    private static func lastSequence(on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        for try await value in try await connection.query(
            "SELECT coalesce(max(seq), 0)::bigint FROM activity_changes", logger: logger
        ).decode(Int64.self) {
            return value
        }
        return 0
    }

    /// A logger that says nothing: the default when the caller gives none.
    public static let quiet = Logger(label: "moments.postgres") { _ in SwiftLogNoOpLogHandler() }

    static func connectionConfiguration(
        _ location: PostgresLocation, connectTimeout: Duration
    ) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch location.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.connectTimeout = .milliseconds(connectTimeout.milliseconds)
        return configuration
    }

    private static func clientConfiguration(
        _ location: PostgresLocation, _ maximumConnections: Int, connectTimeout: Duration
    ) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch location.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }
}
