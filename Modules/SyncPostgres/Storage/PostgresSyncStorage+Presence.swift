#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO
import SyncAuthority

/// Presence across servers (ADR 0073): each server writes one row per group sit it has
/// followers of (`sit_presence`), and a count is the distinct people of every fresh row.
extension PostgresSyncStorage {
    /// How long a server's row counts after it was written: a server writes its rows again
    /// every third of it (`SyncServer`), so one that stopped drops out within this.
    public static let presenceLifetime: Duration = .seconds(6)
    /// How long a row nobody writes any more is kept before it is deleted.
    static let presenceRetention: TimeInterval = 3_600

    /// How long a server's row counts after it was written: `presenceLifetime`.
    public var presenceLifetime: Duration? { Self.presenceLifetime }

    /// Writes this server's row of the sit (deletes it when `sitters` is empty, with any
    /// row nobody wrote for `presenceRetention` (an hour)) and counts the distinct people of it
    /// and of every other server's row fresher than `presenceLifetime`, in one statement:
    /// the count reads the other rows as they were committed when it began, and this row
    /// as given.
    public func count(_ sitters: Set<String>, following id: String, through server: UUID, at now: Date) async throws -> Int {
        let mine = Array(sitters)
        let fresh = now.addingTimeInterval(-Double(Self.presenceLifetime.components.seconds))
        let forgotten = now.addingTimeInterval(-Self.presenceRetention)
        let query: PostgresQuery =
            mine.isEmpty
            ? """
            WITH gone AS (
                DELETE FROM sit_presence
                WHERE (activity_id = \(id) AND server_id = \(server)) OR seen < \(forgotten)
            )
            SELECT count(DISTINCT sitter)::bigint FROM sit_presence, unnest(sitters) AS sitter
            WHERE activity_id = \(id) AND server_id <> \(server) AND seen > \(fresh)
            """
            : """
            WITH mine AS (
                INSERT INTO sit_presence (activity_id, server_id, sitters, seen)
                VALUES (\(id), \(server), \(mine), \(now))
                ON CONFLICT (activity_id, server_id) DO UPDATE SET sitters = EXCLUDED.sitters, seen = EXCLUDED.seen
            )
            SELECT count(DISTINCT sitter)::bigint FROM (
                SELECT unnest(\(mine)::text[]) AS sitter
                UNION ALL
                SELECT unnest(sitters) FROM sit_presence
                WHERE activity_id = \(id) AND server_id <> \(server) AND seen > \(fresh)
            ) AS everyone
            """
        return try await run { [logger] connection in
            for try await count in try await connection.query(query, logger: logger).decode(Int64.self) {
                return Int(count)
            }
            return mine.count
        }
    }
}
