import Domain
import EmbeddedHosting
import Fixtures
import Foundation
import LiveApp
import LiveComposition
import Persistence
import ServerComposition
import SharedHosting
import ShowcaseComposition
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The compositions' DocC examples, run with the suite: DocCExamplesTests checks that the
/// articles hold this code word for word.
@Suite("DocC: the compositions' examples run")
struct CompositionDocCExampleTests {
    @Test("LiveComposition's overview: the server moments serve and the embedded default build, on a data folder")
    func liveComposition() async throws {
        // DocC example: LiveComposition.docc/LiveComposition.md
        // The server `moments serve` and the embedded default build, on a data folder's files.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-\(UUID())")
        let assembly = try await LiveRoot.buildServer(ServerConfiguration(locations: StoreLocations(singleDirectory: folder)))
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await assembly.server.create(attributes)

        // The session running is what the next `moments start` or `moments watch` picks up.
        let live = await assembly.liveSession()
        print(live?.id == created.id)  // true
        // Its state lock held until now, the folder is another process's to open.
        await assembly.close()
        // End of DocC example
        #expect(live?.id == created.id && live?.token == created.token)
        let reopened = try await LiveRoot.buildServer(ServerConfiguration(locations: StoreLocations(singleDirectory: folder)))
        #expect(try await reopened.server.snapshot(of: created.id) == created.state)
        await reopened.close()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("ShowcaseComposition's overview: the showcase's server, on a storage in memory and a preview clock")
    func showcaseComposition() async throws {
        // DocC example: ShowcaseComposition.docc/ShowcaseComposition.md
        // The showcase's server: the real `SyncServer`, on a storage in memory and a clock
        // moved by hand, giving the preview connection's id and token to what it makes.
        let clock = PreviewClock()
        let server = ShowcaseRoot.previewServer(clock: clock)
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 60))

        // A minute on, its clock rules complete the session, as the live server's would.
        clock.advance(by: 60)
        await server.tick()
        let ended = try await server.snapshot(of: created.id)
        print(created.id == PreviewSyncConnection.activityID, ended.event)  // true end
        // End of DocC example
        #expect(created.id == PreviewSyncConnection.activityID && created.token == PreviewSyncConnection.token)
        #expect(ended.event == .end && ended.activity.content.outcome == .completed)
    }

}

/// ServerComposition's DocC example, on the suite's PostgreSQL.
@Suite("DocC: ServerComposition's example runs", .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct ServerCompositionDocCExampleTests {
    @Test("ServerComposition's overview: the shared server moments serve --database-url runs")
    func serverComposition() async throws {
        let url = try PostgresScope.freshDatabase()
        // DocC example: ServerComposition.docc/ServerComposition.md
        // The server `moments serve --database-url` runs: a `SyncServer` on a database that
        // any number of servers share; `url` is `postgres://USER@HOST:PORT/DATABASE`.
        let assembly = try await ServerRoot.buildSharedServer(url)
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await assembly.server.create(attributes)

        // A second server on the same database reads what the first committed.
        let other = try await ServerRoot.buildSharedServer(url)
        let read = try await other.server.snapshot(of: created.id)
        print(read.version, read.activity.attributes.name.value)  // 1 Morning sit
        await other.close()
        await assembly.close()
        // End of DocC example
        #expect(read == created.state)
    }
}
