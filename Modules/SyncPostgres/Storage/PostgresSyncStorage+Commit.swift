#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain
import Logging
import PostgresNIO
import Sync

/// One conditional write, as the tables need it: Sync's write with the columns it sets.
struct ActivityRow: Sendable {
    /// The version the row must still have; `nil` for a creation.
    let expectedVersion: UInt64?
    /// The activity after the write.
    let activity: StoredActivity
    /// The states the write makes, oldest first: into the change log, and the history.
    let changes: [ActivitySnapshot]
    /// The activity's next clock-rule deadline after the write.
    let deadline: Date?
}

extension PostgresSyncStorage {
    /// Writes a batch in one transaction; answers, for each write in order, whether it was
    /// committed (`false`: its condition no longer held, and nothing of it was written).
    ///
    /// The transaction first takes ``PostgresSchema/commitLock``, so that commits of every
    /// server follow one another and the change log's order is their order. Each write is
    /// an UPDATE conditional on the version (a creation an INSERT that does nothing when
    /// its id or creation key is taken); the changes of the writes that applied go into
    /// the change log, each `end` into the history (once per session, whatever retries
    /// do), and one `NOTIFY` wakes the change feeds when the transaction commits.
    func commit(rows: [ActivityRow]) async throws(PostgresStorageError) -> [Bool] {
        guard !rows.isEmpty else { return [] }
        // Encoded before the transaction, so it holds the lock no longer than it must.
        var states: [String] = []
        var changeTexts: [[String]] = []
        do {
            for row in rows {
                states.append(try StoredJSON.text(of: row.activity.checkpoint))
                changeTexts.append(try row.changes.map { try StoredJSON.text(of: $0) })
            }
        } catch {
            throw .unreadable("could not encode an activity: \(error)")
        }
        let logger = self.logger
        return try await run { connection in
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.commitLock))", logger: logger)
                // Every update in one statement (a batch holds each activity once); the
                // creations, rarer, one by one.
                let updated = try await Self.update(rows, states: states, on: connection, logger: logger)
                var applied: [Bool] = []
                var logIDs: [String] = []
                var logVersions: [Int64] = []
                var logSnapshots: [String] = []
                var endedIDs: [String] = []
                var endedSnapshots: [String] = []
                for (index, row) in rows.enumerated() {
                    let wrote: Bool
                    if row.expectedVersion == nil {
                        wrote = try await Self.insert(row, state: states[index], on: connection, logger: logger)
                    } else {
                        wrote = updated.contains(row.activity.snapshot.id)
                    }
                    applied.append(wrote)
                    guard wrote else { continue }
                    for (change, text) in zip(row.changes, changeTexts[index]) {
                        logIDs.append(change.id)
                        logVersions.append(Int64(change.version))
                        logSnapshots.append(text)
                        if change.event == .end {
                            endedIDs.append(change.id)
                            endedSnapshots.append(text)
                        }
                    }
                }
                if !logIDs.isEmpty {
                    try await connection.query(
                        """
                        INSERT INTO activity_changes (activity_id, version, snapshot)
                        SELECT id, version, snapshot::jsonb
                        FROM unnest(\(logIDs)::text[], \(logVersions)::bigint[], \(logSnapshots)::text[])
                            WITH ORDINALITY AS change(id, version, snapshot, position)
                        ORDER BY position
                        """, logger: logger)
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

    /// The conditional updates of a batch, as one statement: answers the ids whose version
    /// was still the expected one, and which were written.
    private static func update(
        _ rows: [ActivityRow], states: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> Set<String> {
        var ids: [String] = []
        var expected: [Int64] = []
        var versions: [Int64] = []
        var deadlines: [String] = []
        var ended: [Bool] = []
        var texts: [String] = []
        for (row, state) in zip(rows, states) {
            guard let expectedVersion = row.expectedVersion else { continue }
            let snapshot = row.activity.snapshot
            ids.append(snapshot.id)
            expected.append(Int64(expectedVersion))
            versions.append(Int64(snapshot.version))
            // Text, so that "no deadline" can travel in an array: the empty text is NULL.
            deadlines.append(row.deadline.map(Instant.format) ?? "")
            ended.append(snapshot.activity.content.isEnded)
            texts.append(state)
        }
        guard !ids.isEmpty else { return [] }
        let result = try await connection.query(
            """
            UPDATE activities AS a
            SET version = w.version, deadline = NULLIF(w.deadline, '')::timestamptz, ended = w.ended, state = w.state::jsonb
            FROM unnest(\(ids)::text[], \(expected)::bigint[], \(versions)::bigint[], \(deadlines)::text[],
                        \(ended)::boolean[], \(texts)::text[]) AS w(id, expected, version, deadline, ended, state)
            WHERE a.id = w.id AND a.version = w.expected
            RETURNING a.id
            """, logger: logger)
        var written: Set<String> = []
        for try await id in result.decode(String.self) { written.insert(id) }
        return written
    }

    /// One creation: answers whether neither its id nor its creation key was taken, and
    /// the row was written.
    private static func insert(
        _ row: ActivityRow, state: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let snapshot = row.activity.snapshot
        let result = try await connection.query(
            """
            INSERT INTO activities (id, version, owner, creation_key, deadline, ended, state)
            VALUES (\(snapshot.id), \(Int64(snapshot.version)), \(row.activity.owner), \(row.activity.creation?.key.value),
                    \(row.deadline), \(snapshot.activity.content.isEnded), \(state)::jsonb)
            ON CONFLICT DO NOTHING
            RETURNING id
            """, logger: logger)
        var count = 0
        for try await _ in result { count += 1 }
        return count == 1
    }
}
