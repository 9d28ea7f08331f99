import Logging
import PostgresNIO

/// The tables the storage keeps, and how a database gets them.
///
/// - `moments_schema (version integer)`: one row, the schema's version. A database at an
///   older version is migrated on open; one at a newer version (written by a newer
///   `moments`) is refused, and nothing is changed.
/// - `activities`: one row per activity, as committed. `id` text primary key; `version`
///   bigint, the snapshot's version, the condition of every write; `owner` text, the
///   person's key id or null; `creation_key` text unique, the idempotency key of the keyed
///   creation that made it, or null; `deadline` timestamptz, its next clock rule
///   (`ActivitySnapshot.nextRuleDeadline`), indexed for `due`; `ended` boolean, for the
///   live count; `state` jsonb, the activity whole: the JSON of `StoredActivity.checkpoint`
///   (a `SyncRecord`, as in Sync's JSON shapes), token and remembered answers included.
/// - `activity_changes`: the change feed's log. `seq` bigserial primary key, in commit
///   order (commits are serialised by an advisory lock); `activity_id`, `version`;
///   `snapshot` jsonb, the `ActivitySnapshot`; `created` timestamptz. Rows older than
///   ``PostgresSyncStorage/changeLogRetention`` are pruned: the log only carries changes
///   from one server to the others.
/// - `history`: each session that ended, once. `activity_id` primary key; `snapshot`
///   jsonb, the `ActivitySnapshot` of its end; `recorded` timestamptz.
/// - `person_keys` (version 2): the people's keys of a server that requires them
///   (``PostgresKeyStore``), one row per live key, as `PersonKeyRecord` holds it: `name`
///   primary key, `id` unique, `digest` (the SHA-256 of the key, never the key),
///   `created` and `last_used` timestamptz.
public enum PostgresSchema {
    /// The version this program writes and understands.
    public static var version: Int { migrations.count }

    /// The advisory lock held while the schema is created or migrated, so that servers
    /// starting together migrate once.
    static let migrationLock: Int64 = 0x6D6F_6D65_6E74_0001
    /// The advisory lock every commit holds, so that the change log's order is the order
    /// of commits across every server.
    static let commitLock: Int64 = 0x6D6F_6D65_6E74_0002
    /// The channel `NOTIFY` wakes the change feeds on.
    static let channel = "moments_changes"

    /// The statements that take a database from version `n` to `n + 1`, at index `n`.
    /// Only ever appended to: a released migration never changes.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE activities (
                id text PRIMARY KEY,
                version bigint NOT NULL,
                owner text,
                creation_key text UNIQUE,
                deadline timestamptz,
                ended boolean NOT NULL,
                state jsonb NOT NULL
            )
            """,
            "CREATE INDEX activities_deadline ON activities (deadline) WHERE deadline IS NOT NULL",
            "CREATE INDEX activities_owner ON activities (owner) WHERE owner IS NOT NULL",
            """
            CREATE TABLE activity_changes (
                seq bigserial PRIMARY KEY,
                activity_id text NOT NULL,
                version bigint NOT NULL,
                snapshot jsonb NOT NULL,
                created timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX activity_changes_created ON activity_changes (created)",
            """
            CREATE TABLE history (
                activity_id text PRIMARY KEY,
                snapshot jsonb NOT NULL,
                recorded timestamptz NOT NULL DEFAULT now()
            )
            """,
        ],
        [
            """
            CREATE TABLE person_keys (
                name text PRIMARY KEY,
                id text NOT NULL UNIQUE,
                digest text NOT NULL,
                created timestamptz NOT NULL,
                last_used timestamptz
            )
            """
        ],
    ]

    /// Creates the tables on an empty database, or migrates older ones, in one transaction
    /// under ``migrationLock``. Answers the version found before (0 for an empty database).
    ///
    /// - Throws: ``PostgresStorageError/schemaTooNew(location:found:supported:)`` when the
    ///   database is newer than this program, leaving it as it was.
    @discardableResult
    static func prepare(on connection: PostgresConnection, location: PostgresLocation, logger: Logger) async throws -> Int {
        do {
            return try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
                try await connection.query("CREATE TABLE IF NOT EXISTS moments_schema (version integer NOT NULL)", logger: logger)
                var found = 0
                for try await (value) in try await connection.query("SELECT version FROM moments_schema", logger: logger)
                    .decode(Int.self)
                {
                    found = max(found, value)
                }
                if found > version {
                    throw PostgresStorageError.schemaTooNew(location: location.description, found: found, supported: version)
                }
                guard found < version else { return found }
                for statements in migrations[found...] {
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
                try await connection.query("DELETE FROM moments_schema", logger: logger)
                try await connection.query("INSERT INTO moments_schema (version) VALUES (\(version))", logger: logger)
                logger.info("PostgreSQL schema prepared", metadata: ["from": "\(found)", "to": "\(version)"])
                return found
            }
        } catch let error as PostgresTransactionError {
            if let ours = error.closureError as? PostgresStorageError { throw ours }
            throw error
        }
    }
}
