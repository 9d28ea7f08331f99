import Domain
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// SyncPostgres' DocC example, run with the suite on a real PostgreSQL of the suite's own:
/// DocCExamplesTests checks that the article holds this region word for word.
@Suite("DocC: SyncPostgres' example runs", .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresDocCExampleTests {
    @Test("SyncPostgres' overview: two servers on one database, a change through one pushed and read through the other")
    func syncPostgresOverview() async throws {
        let url = try PostgresScope.freshDatabase()
        // DocC example: SyncPostgres.docc/SyncPostgres.md
        // Two `moments serve --database-url` on one database: each a server on a storage of its own.
        let first = try await PostgresSyncStorage.open(url: url)
        let second = try await PostgresSyncStorage.open(url: url)
        let servers = [SyncServer(storage: first), SyncServer(storage: second)]
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await servers[0].create(attributes)

        // The second server, while it runs, hears the first's commits on its change feed and
        // pushes them to its own subscribers; what it reads is the database's, never a copy.
        let pushes = try await servers[1].subscribe(to: created.id, token: created.token)
        let pause = try IntentRequest(clientID: "example", intentID: "pause-1", intent: .pause)
        let (paused, read) = try await servers[1].running {
            let answer = try await servers[0].send(pause, to: created.id, token: created.token)
            for await push in pushes where push.version == answer.version { break }
            let current = try await servers[1].snapshot(of: created.id)
            return (answer, current)
        }
        print(paused.version, read == paused)  // 2 true

        for server in servers { await server.shutdown() }
        await first.close()
        await second.close()
        // End of DocC example
        #expect(paused.version == 2 && paused.activity.content.isPaused)
        #expect(read == paused)
    }
}
