import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// The answers an activity remembers, a row each in `activity_answers` (schema version 3):
/// a write adds its own, a decision reads only the one it needs, an intent already answered
/// through another server makes a write a conflict, and pruning keeps what Sync promises
/// to remember.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresAnswerTests {
    static func answer(_ client: String, _ intent: String, _ snapshot: ActivitySnapshot) -> StoredAnswer {
        StoredAnswer(key: IntentKey(clientID: client, intentID: intent), outcome: .applied(snapshot))
    }

    @Test func aDecisionReadsOnlyTheAnswerItAsksFor() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let first = Self.answer("client-1", "i-1", pushes[1])
            let second = Self.answer("client-2", "i-2", pushes[1])
            let written = try await writeSecondVersion(on: storage, giving: [first, second])

            #expect(try await storage.activity("activity-1") == written.sharedForm)
            #expect(try await storage.activity("activity-1")?.answers == [first, second])
            let asked = try await storage.activity("activity-1", answering: second.key)
            #expect(asked?.answers == [second])
            #expect(asked?.snapshot == written.snapshot && asked?.token == written.token.sharedForm)
            let unknown = IntentKey(clientID: "client-1", intentID: "never-sent")
            #expect(try await storage.activity("activity-1", answering: unknown)?.answers == [])
            #expect(try await storage.activity("activity-1", answering: nil)?.answers == [])
            #expect(try await storage.activity("nowhere", answering: first.key) == nil)
        }
    }

    @Test func aWriteAnsweringAnIntentAlreadyAnsweredIsAConflict() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let given = Self.answer("client-1", "i-1", pushes[1])
            let written = try await writeSecondVersion(on: storage, giving: [given])
            // Another server read version 2 without that answer (it asked for another
            // intent's), and decides the same intent again, as a no-op at version 2.
            var again = written
            let replayed = StoredAnswer(key: given.key, outcome: .applied(pushes[1]))
            again.remember(replayed)
            #expect(try await !write(storage, expecting: 2, again, changes: [], answers: [replayed]))
            #expect(try await storage.activity("activity-1") == written.sharedForm)
        }
    }

    @Test func pruningKeepsWhatAnActivityRemembersAndDropsOldChanges() async throws {
        let url = try PostgresScope.freshDatabase()
        try await withStorage(url) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let busy = (0..<20).map { Self.answer("busy", "i-\($0)", pushes[1]) }
            let quiet = Self.answer("quiet", "only", pushes[1])
            _ = try await writeSecondVersion(on: storage, giving: [quiet] + busy)
            let database = PostgresScope.databaseName(of: url)
            let server = try PostgresScope.current()
            #expect(try server.psql("SELECT count(*) FROM activity_answers", database: database) == "21\n")

            // Within the retention, the change log stays whole.
            try await storage.prune(olderThan: .seconds(600))
            #expect(try server.psql("SELECT count(*) FROM activity_changes", database: database) == "2\n")
            // Past it, the log's rows go; the answers past 16 of one client go either way.
            try await storage.prune(olderThan: .zero)
            #expect(try server.psql("SELECT count(*) FROM activity_changes", database: database) == "0\n")
            let kept = try await storage.activity("activity-1")?.answers.map(\.key.intentID)
            #expect(kept == ["only"] + (4..<20).map { "i-\($0)" })
            // What was pruned is what Sync itself would have forgotten.
            var remembered = StoredActivityMother.makeStoredActivity()
            for answer in [quiet] + busy { remembered.remember(answer) }
            #expect(kept == remembered.answers.map(\.key.intentID))
        }
    }

    @Test func version3MovesTheAnswersOutOfEachState() async throws {
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        let server = try PostgresScope.current()
        let pushes = StoredActivityMother.makePushes()
        let answers = [Self.answer("client-1", "i-1", pushes[1]), Self.answer("client-2", "i-2", pushes[1])]
        try await withStorage(url) { storage async throws in
            _ = try await writeSecondVersion(on: storage, giving: [])
        }
        // Back to version 2, whose state held the answers.
        var before = StoredActivityMother.makeStoredActivity()
        before.snapshot = pushes[1]
        for answer in answers { before.remember(answer) }
        let state = String(decoding: try JSONEncoder().encode(before.checkpoint), as: UTF8.self)
        #expect(!state.contains("'"))
        try server.psql(
            "DROP TABLE activity_answers; DROP TABLE sit_presence; UPDATE moments_schema SET version = 2; UPDATE activities SET state = '\(state)'::jsonb",
            database: database)

        try await withStorage(url) { storage async throws in
            #expect(try await storage.activity("activity-1") == before.sharedForm)
        }
        #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
        #expect(try server.psql("SELECT jsonb_array_length(state->'answers') FROM activities", database: database) == "0\n")
        #expect(try server.psql("SELECT count(*) FROM activity_answers", database: database) == "2\n")
    }
}
