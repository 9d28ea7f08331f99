#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import Logging
import PostgresNIO
import SyncAuthority
import SyncProtocol
import Synchronization

/// One conditional write, as the tables need it: Sync's write with the columns it sets.
struct ActivityRow: Sendable {
    /// The version the row must still have; `nil` for a creation.
    let expectedVersion: UInt64?
    /// The activity after the write (its answers are not written with it).
    let activity: StoredActivity
    /// The states the write makes, oldest first: into the change log, and the history.
    let changes: [ActivitySnapshot]
    /// The answers the write gives, into `activity_answers`.
    let answers: [StoredAnswer]
    /// The activity's next clock-rule deadline after the write.
    let deadline: Date?
}

/// A batch's columns, as arrays that travel in one statement and `unnest` there.
private struct Columns {
    var ids: [String] = []
    var expected: [Int64] = []
    var versions: [Int64] = []
    /// Text, so that "no deadline" can travel in an array: the empty text is NULL.
    var deadlines: [String] = []
    var ended: [Bool] = []
    var states: [String] = []
    var answerIDs: [String] = []
    var answerClients: [String] = []
    var answerIntents: [String] = []
    var answerOutcomes: [String] = []
    var changeIDs: [String] = []
    var changeVersions: [Int64] = []
    var changeSnapshots: [String] = []
}

extension PostgresSyncStorage {
    /// Writes a batch in one transaction; answers, for each write in order, whether it was
    /// committed (`false`: its condition no longer held, and nothing of it was written).
    ///
    /// The transaction first takes ``PostgresSchema/commitLock``, so that commits of every
    /// server follow one another and the change log's order is their order. A creation is
    /// an INSERT that does nothing when its id or creation key is taken; every other write
    /// of the batch goes in one statement, an UPDATE conditional on the version and on
    /// none of the write's intents having an answer already, which also adds the answers
    /// and logs the changes of the writes that applied. Each `end` goes into the history
    /// (once per session, whatever retries do), and one `NOTIFY` wakes the change feeds
    /// when the transaction commits.
    func commit(rows: [ActivityRow]) async throws(PostgresStorageError) -> [Bool] {
        guard !rows.isEmpty else { return [] }
        // Encoded before the transaction, so it holds the lock no longer than it must.
        var columns = Columns()
        var creations: [(index: Int, state: String, changes: [String])] = []
        do {
            for (index, row) in rows.enumerated() {
                let state = try StoredJSON.stateText(of: row.activity)
                let changes = try row.changes.map { try StoredJSON.text(of: $0) }
                guard let expectedVersion = row.expectedVersion else {
                    creations.append((index, state, changes))
                    continue
                }
                let snapshot = row.activity.snapshot
                columns.ids.append(snapshot.id)
                columns.expected.append(Int64(expectedVersion))
                columns.versions.append(Int64(snapshot.version))
                columns.deadlines.append(row.deadline.map(Instant.format) ?? "")
                columns.ended.append(snapshot.activity.content.isEnded)
                columns.states.append(state)
                for answer in row.answers {
                    columns.answerIDs.append(snapshot.id)
                    columns.answerClients.append(answer.key.clientID)
                    columns.answerIntents.append(answer.key.intentID)
                    columns.answerOutcomes.append(try StoredJSON.text(of: answer.outcome))
                }
                for (change, text) in zip(row.changes, changes) {
                    columns.changeIDs.append(change.id)
                    columns.changeVersions.append(Int64(change.version))
                    columns.changeSnapshots.append(text)
                }
            }
        } catch {
            throw .unreadable("could not encode an activity: \(error)")
        }
        let (logger, columnsToWrite, creationsToWrite) = (self.logger, columns, creations)
        let began = TransactionBegan()
        do throws(PostgresStorageError) {
            return try await transaction(rows, columnsToWrite, creationsToWrite, logger: logger, began: began)
        } catch .unavailable(let reason) where began.value {
            // The database went quiet inside the transaction: its COMMIT may have been
            // applied without the answer reaching us. Not "nothing was applied", then.
            throw .unconfirmed(reason)
        }
    }

    /// The transaction of ``commit(rows:)``; `began` is set once it holds a connection.
    private func transaction(
        _ rows: [ActivityRow], _ columnsToWrite: Columns, _ creationsToWrite: [(index: Int, state: String, changes: [String])],
        logger: Logger, began: TransactionBegan
    ) async throws(PostgresStorageError) -> [Bool] {
        try await run { connection in
            began.mark()
            return try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.commitLock))", logger: logger)
                var created: Set<Int> = []
                for creation in creationsToWrite {
                    let row = rows[creation.index]
                    if try await Self.insert(row, state: creation.state, changes: creation.changes, on: connection, logger: logger) {
                        created.insert(creation.index)
                    }
                }
                let updated = try await Self.update(columnsToWrite, on: connection, logger: logger)
                var applied: [Bool] = []
                var logged = false
                var endedIDs: [String] = []
                var endedSnapshots: [String] = []
                for (index, row) in rows.enumerated() {
                    let wrote = row.expectedVersion == nil ? created.contains(index) : updated.contains(row.activity.snapshot.id)
                    applied.append(wrote)
                    guard wrote else { continue }
                    logged = logged || !row.changes.isEmpty
                    for change in row.changes where change.event == .end {
                        endedIDs.append(change.id)
                        endedSnapshots.append(try StoredJSON.text(of: change))
                    }
                }
                if logged {
                    try await connection.query("SELECT pg_notify(\(PostgresSchema.channel), '')", logger: logger)
                }
                if !endedIDs.isEmpty {
                    try await connection.query(
                        """
                        INSERT INTO history (activity_id, snapshot)
                        SELECT id, snapshot::jsonb FROM unnest(\(endedIDs)::text[], \(endedSnapshots)::text[]) AS ended(id, snapshot)
                        ON CONFLICT (activity_id) DO NOTHING
                        """, logger: logger)
                }
                return applied
            }
        }
    }

    /// Every write of a batch but its creations, as one statement: each UPDATE applies
    /// only while the row still has the expected version and none of the write's intents
    /// has an answer yet; the answers and the changes of those that applied are added.
    /// Answers the ids that were written.
    private static func update(_ columns: Columns, on connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        guard !columns.ids.isEmpty else { return [] }
        let result = try await connection.query(
            """
            WITH w AS (
                SELECT * FROM unnest(\(columns.ids)::text[], \(columns.expected)::bigint[], \(columns.versions)::bigint[],
                                     \(columns.deadlines)::text[], \(columns.ended)::boolean[], \(columns.states)::text[])
                    AS w(id, expected, version, deadline, ended, state)
            ), given AS (
                SELECT * FROM unnest(\(columns.answerIDs)::text[], \(columns.answerClients)::text[],
                                     \(columns.answerIntents)::text[], \(columns.answerOutcomes)::text[])
                    WITH ORDINALITY AS given(activity_id, client_id, intent_id, outcome, position)
            ), changed AS (
                SELECT * FROM unnest(\(columns.changeIDs)::text[], \(columns.changeVersions)::bigint[],
                                     \(columns.changeSnapshots)::text[])
                    WITH ORDINALITY AS changed(activity_id, version, snapshot, position)
            ), updated AS (
                UPDATE activities AS a
                SET version = w.version, deadline = NULLIF(w.deadline, '')::timestamptz, ended = w.ended, state = w.state::jsonb
                FROM w
                WHERE a.id = w.id AND a.version = w.expected
                    AND NOT EXISTS (
                        SELECT 1 FROM given JOIN activity_answers AS x
                            ON x.activity_id = given.activity_id AND x.client_id = given.client_id
                                AND x.intent_id = given.intent_id
                        WHERE given.activity_id = w.id)
                RETURNING a.id
            ), answered AS (
                INSERT INTO activity_answers (activity_id, client_id, intent_id, outcome)
                SELECT activity_id, client_id, intent_id, outcome::jsonb FROM given
                WHERE activity_id IN (SELECT id FROM updated) ORDER BY position
            ), logged AS (
                INSERT INTO activity_changes (activity_id, version, snapshot)
                SELECT activity_id, version, snapshot::jsonb FROM changed
                WHERE activity_id IN (SELECT id FROM updated) ORDER BY position
            )
            SELECT id FROM updated
            """, logger: logger)
        var written: Set<String> = []
        for try await id in result.decode(String.self) { written.insert(id) }
        return written
    }

    /// One creation, with the change it logs: answers whether neither its id nor its
    /// creation key was taken, and the row was written.
    private static func insert(
        _ row: ActivityRow, state: String, changes: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let snapshot = row.activity.snapshot
        let result = try await connection.query(
            """
            INSERT INTO activities (id, version, owner, creation_key, deadline, ended, state)
            VALUES (\(snapshot.id), \(Int64(snapshot.version)), \(row.activity.owner), \(row.activity.creation?.keyDigest),
                    \(row.deadline), \(snapshot.activity.content.isEnded), \(state)::jsonb)
            ON CONFLICT DO NOTHING
            RETURNING id
            """, logger: logger)
        var count = 0
        for try await _ in result { count += 1 }
        guard count == 1 else { return false }
        for (change, text) in zip(row.changes, changes) {
            try await connection.query(
                "INSERT INTO activity_changes (activity_id, version, snapshot) VALUES (\(change.id), \(Int64(change.version)), \(text)::jsonb)",
                logger: logger)
        }
        return true
    }
}

/// Whether a commit's transaction got as far as a connection: past that, a database that
/// goes quiet may have committed it.
private final class TransactionBegan: Sendable {
    private let began = Mutex(false)

    /// The transaction holds a connection.
    func mark() { began.withLock { $0 = true } }

    /// Whether ``mark()`` was called.
    var value: Bool { began.withLock { $0 } }
}
