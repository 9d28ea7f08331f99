import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// The change feed across servers: what one storage commits reaches another's
/// `changes()` in version order, also when no notification came.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresChangeFeedTests {
    @Test func aChangeCommittedThroughOneServerReachesTheOther() async throws {
        let url = try PostgresScope.freshDatabase()
        let pushes = StoredActivityMother.makePushes(id: "activity-1")
        let other = StoredActivityMother.makePushes(id: "activity-2")
        try await withStorage(url) { writer async throws in
            try await withStorage(url) { reader async throws in
                let changes = reader.changes()
                var activity = StoredActivityMother.makeStoredActivity(id: "activity-1")
                #expect(try await write(writer, expecting: nil, activity, changes: [pushes[0]]))
                let second = StoredActivityMother.makeStoredActivity(id: "activity-2")
                #expect(try await write(writer, expecting: nil, second, changes: [other[0]]))
                activity.snapshot = pushes[pushes.count - 1]
                #expect(try await write(writer, expecting: 1, activity, changes: Array(pushes[1...])))
                let received = try await first(pushes.count + 1, of: changes)
                #expect(received.filter { $0.id == "activity-1" } == pushes)
                #expect(received.filter { $0.id == "activity-2" } == [other[0]])
            }
        }
    }

    @Test func aChangeWithoutANotificationIsFoundByThePoll() async throws {
        let url = try PostgresScope.freshDatabase()
        let server = try PostgresScope.current()
        try await withStorage(url) { reader async throws in
            let changes = reader.changes()
            let push = StoredActivityMother.makePushes(id: "activity-9")[0]
            // Written behind the storage's back, with no NOTIFY: as if it was lost.
            let json = String(decoding: try JSONEncoder().encode(push), as: UTF8.self).replacingOccurrences(of: "'", with: "''")
            try server.psql(
                "INSERT INTO activity_changes (activity_id, version, snapshot) VALUES ('activity-9', 1, '\(json)')",
                database: PostgresScope.databaseName(of: url))
            #expect(try await first(1, of: changes) == [push])
        }
    }

    @Test func theFeedComesBackAfterItsConnectionsAreCut() async throws {
        let url = try PostgresScope.freshDatabase()
        let server = try PostgresScope.current()
        let database = PostgresScope.databaseName(of: url)
        try await withStorage(url) { reader async throws in
            let changes = reader.changes()
            // Cut every connection to the database as soon as the feed listens. (Cutting this
            // early once left the feed waiting for ever, and its `close()` with it; every
            // database wait has a deadline since ADR 0027, so it must come back.)
            let listens = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND query ILIKE 'LISTEN%'"
            try await eventually { (try? server.psql(listens, database: "postgres")) == "1\n" }
            try server.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()",
                database: "postgres")
            try await withStorage(url) { writer async throws in
                let activity = StoredActivityMother.makeStoredActivity(id: "after-the-cut")
                #expect(try await write(writer, expecting: nil, activity, changes: [activity.snapshot]))
                #expect(try await first(1, of: changes) == [activity.snapshot])
            }
            // And the LISTEN connection comes back. (The change above may have come by the
            // poll, before the feed listened again: asked at once, the count was once 0.)
            try await eventually { (try? server.psql(listens, database: "postgres")) == "1\n" }
        }
    }

    @Test func theStreamsEndWhenTheStorageCloses() async throws {
        let storage = try await openStorage(try PostgresScope.freshDatabase())
        let changes = storage.changes()
        await storage.close()
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        var late = storage.changes().makeAsyncIterator()
        #expect(await late.next() == nil)
    }
}

/// The first `count` elements of `stream`, or a failure after `timeout`.
func first(_ count: Int, of stream: AsyncStream<ActivitySnapshot>, timeout: Duration = .seconds(15)) async throws -> [ActivitySnapshot] {
    struct TimedOut: Error, CustomStringConvertible {
        let description = "the change feed did not deliver in time"
    }
    return try await withThrowingTaskGroup(of: [ActivitySnapshot]?.self) { group in
        group.addTask {
            var received: [ActivitySnapshot] = []
            for await snapshot in stream {
                received.append(snapshot)
                if received.count == count { break }
            }
            return received
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let received = try await group.next() ?? nil else { throw TimedOut() }
        return received
    }
}
