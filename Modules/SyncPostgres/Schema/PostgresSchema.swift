#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import PostgresNIO
import SyncAuthority
import SyncProtocol

/// The tables the storage keeps, and how a database gets them.
///
/// - `moments_schema (version integer)`: one row, the schema's version. A database at an
///   older version is migrated on open; one at a newer version (written by a newer
///   `moments`) is refused, and nothing is changed.
/// - `activities`: one row per activity, as committed. `id` text primary key; `version`
///   bigint, the snapshot's version, the condition of every write; `owner` text, the
///   person's access key id or null; `creation_key` text unique, the SHA-256 of the idempotency
///   key of the keyed creation that made it (the key itself until version 4), or null; `deadline` timestamptz, its next clock rule
///   (`ActivitySnapshot.nextRuleDeadline`), indexed for `due`; `ended` boolean, for the
///   live count; `state` jsonb, the activity whole: the JSON of `StoredActivity.checkpoint`
///   (a `SyncRecord`, as in Sync's JSON shapes). Since version 4 it holds the token's
///   SHA-256 and, for a keyed creation, the token sealed with the creation's key, never
///   the token itself (`KeptToken`, ADR 0023). Since version 5 the seal is AES-GCM under
///   a key derived from the creation's key and the activity's id (ADR 0024); a seal of
///   version 4 (an XOR keystream) is read until its creation's first retry rewrites it.
/// - `activity_changes`: the change feed's log. `seq` bigserial primary key, in commit
///   order (commits are serialised by an advisory lock); `activity_id`, `version`;
///   `snapshot` jsonb, the `ActivitySnapshot`; `created` timestamptz. Rows older than
///   ``PostgresSyncStorage/changeLogRetention`` are pruned: the log only carries changes
///   from one server to the others.
/// - `history`: each session that ended, once. `activity_id` primary key; `snapshot`
///   jsonb, the `ActivitySnapshot` of its end; `recorded` timestamptz.
/// - `person_keys` (version 2): the people's access keys of a server that requires them
///   (``PostgresKeyStore``), one row per live key, as `AccessKeyRecord` holds it: `name`
///   primary key, `id` unique, `digest` (the SHA-256 of the key, never the key),
///   `created` and `last_used` timestamptz.
/// - `activity_answers` (version 3): the answers each activity remembers, a row each, so
///   that a write adds its own answers instead of rewriting all of them, and a decision
///   reads only the answer it needs. `activity_id`, `client_id`, `intent_id` the primary
///   key; `seq` bigserial, the order they were given; `outcome` jsonb, the
///   `IntentOutcome`. Each activity keeps at least the last 16 of each client and 256 in
///   all; the change feed prunes older ones now and then. Version 3 moves the answers
///   that `state` held into it; `state` holds none since.
/// - `sit_presence` (version 6): who follows each group sit through each server (ADR 0073).
///   `activity_id` and `server_id` (a uuid each server makes when it starts) the primary
///   key; `sitters` text[], the opaque ids of the people following through that server;
///   `seen` timestamptz, when the server last wrote it. A row not written again within
///   `PostgresSyncStorage.presenceLifetime` (six seconds) no longer counts, and is deleted later.
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
        [
            """
            CREATE TABLE activity_answers (
                activity_id text NOT NULL,
                client_id text NOT NULL,
                intent_id text NOT NULL,
                seq bigserial NOT NULL,
                outcome jsonb NOT NULL,
                PRIMARY KEY (activity_id, client_id, intent_id)
            )
            """
        ],
        // Version 4 works on the rows alone: see `hashTokensAndKeys`.
        [],
        // Version 5 changes only how a keyed creation's token is sealed in `state`: with
        // AES-GCM, `aes-gcm:` and hex digits (ADR 0024), where version 4 wrote the token
        // XORed with a keystream, hex digits alone. A version-4 seal cannot be rewritten
        // here, since only the creation's key opens it and the database keeps only its
        // digest: it is still read, and rewritten in the new form when its creation is
        // retried (`SyncServer`'s replay). The step moves no row; its number keeps a
        // program of version 4, which cannot open the new seal, from opening the database.
        [],
        [
            """
            CREATE TABLE sit_presence (
                activity_id text NOT NULL,
                server_id uuid NOT NULL,
                sitters text[] NOT NULL,
                seen timestamptz NOT NULL,
                PRIMARY KEY (activity_id, server_id)
            )
            """
        ],
    ]

    /// What a migration does past its statements, by its index in ``migrations``: work
    /// on the rows themselves. Only ever appended to, like the statements.
    static let rowMigrations: [Int: @Sendable (PostgresConnection, Logger) async throws -> Void] = [
        2: moveAnswersOutOfState,
        3: hashTokensAndKeys,
    ]

    /// Version 3: each activity's remembered answers move from its `state` into rows of
    /// `activity_answers`, in the order it remembered them.
    private static func moveAnswersOutOfState(on connection: PostgresConnection, logger: Logger) async throws {
        var states: [(id: String, text: String)] = []
        let rows = try await connection.query("SELECT id, state::text FROM activities ORDER BY id", logger: logger)
        for try await (id, text) in rows.decode((String, String).self) { states.append((id, text)) }
        for (id, text) in states {
            let record = try JSONDecoder().decode(SyncRecord.self, from: Data(text.utf8))
            guard !record.answers.isEmpty else { continue }
            for answer in record.answers {
                try await connection.query(
                    """
                    INSERT INTO activity_answers (activity_id, client_id, intent_id, outcome)
                    VALUES (\(id), \(answer.key.clientID), \(answer.key.intentID), \(try StoredJSON.text(of: answer.outcome))::jsonb)
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            let state = try StoredJSON.text(
                of: SyncRecord(
                    snapshot: record.snapshot, token: record.token, answers: [], creation: record.creation, owner: record.owner))
            try await connection.query("UPDATE activities SET state = \(state)::jsonb WHERE id = \(id)", logger: logger)
        }
    }

    /// Version 4: each activity's token is replaced by its digest and, for a keyed
    /// creation, the token sealed with the creation's key; the key, in `creation_key` and
    /// in `state`, by its digest (ADR 0023). The plain key is read from `creation_key`,
    /// where version 3 kept it. It seals as `KeptToken` seals now: a version-3 database
    /// goes straight to version 5's seal (ADR 0024).
    private static func hashTokensAndKeys(on connection: PostgresConnection, logger: Logger) async throws {
        var rows: [(id: String, key: String?, text: String)] = []
        let found = try await connection.query("SELECT id, creation_key, state::text FROM activities ORDER BY id", logger: logger)
        for try await (id, key, text) in found.decode((String, String?, String).self) { rows.append((id, key, text)) }
        for (id, keyText, text) in rows {
            let record = try JSONDecoder().decode(SyncRecord.self, from: Data(text.utf8))
            guard let plain = record.token?.plain else { continue }
            let key = try keyText.map { (text) throws(SyncError) in try IdempotencyKey(text) }
            let token = try KeptToken(plain, sealedWith: key, activityID: id).sharedForm
            let state = try StoredJSON.text(
                of: SyncRecord(
                    snapshot: record.snapshot, token: token, answers: record.answers, creation: record.creation,
                    owner: record.owner))
            try await connection.query(
                "UPDATE activities SET state = \(state)::jsonb, creation_key = \(key?.digest) WHERE id = \(id)",
                logger: logger)
        }
    }

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
                for (index, statements) in migrations.enumerated().dropFirst(found) {
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await rowMigrations[index]?(connection, logger)
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
