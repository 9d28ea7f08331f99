import Domain
import Fixtures
import Foundation
import SyncAuthority
@testable import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// An answer is the truth on PostgreSQL too (issue #26, item 3): a commit the database
/// does not confirm in time may have been applied, so it is never answered "nothing was
/// applied"; the same intent sent again learns what happened and is applied once.
@Suite("A commit PostgreSQL does not confirm", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresUnconfirmedCommitTests {
    @Test("a commit stuck past its deadline is answered outcome_unknown; the same intent again is applied once")
    func unconfirmedCommit() async throws {
        let postgres = try PostgresScope.current()
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        let storage = try await openStorage(url)
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 600))

        // Another session takes the lock every commit takes first, and keeps it until the
        // test ends that session: the next commit begins its transaction and then waits
        // past its deadline. (A hold of a fixed 4 s ended too soon on a loaded machine,
        // where finding the lock taken and sending took longer than 4 s less the deadline.)
        let holding = Task {
            try await offThePool {
                try postgres.psql(
                    "SELECT pg_advisory_lock(\(PostgresSchema.commitLock)); SELECT pg_sleep(120);", database: database)
            }
        }
        let letGo = {
            _ = try? postgres.psql(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted", database: database)
        }
        defer { letGo() }
        try await eventually {
            let held = try? postgres.psql(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted", database: database)
            return held == "1\n"
        }

        let pause = try IntentRequest(clientID: "phone", intentID: "1", intent: .pause)
        do {
            _ = try await server.send(pause, to: created.id, token: created.token)
            Issue.record("a commit that waited past its deadline was answered as applied")
        } catch {
            guard case .outcomeUnknown = error else {
                Issue.record("answered \(error.code), not outcome_unknown: \(error)")
                return
            }
            #expect(error.httpStatus == 503)
            #expect(!error.description.contains("nothing was applied"))
        }

        // Once the lock is let go and the database answers again, the same intent is
        // answered, and applied exactly once however often it is sent.
        letGo()
        _ = await holding.result
        var answered: ActivitySnapshot?
        try await eventually {
            answered = try? await server.send(pause, to: created.id, token: created.token)
            return answered != nil
        }
        #expect(answered?.version == 2)
        #expect(answered?.activity.content.isPaused == true)
        #expect(try await server.send(pause, to: created.id, token: created.token) == answered)
        #expect(try await storage.activity(created.id)?.snapshot.version == 2)
        await storage.close()
    }
}
