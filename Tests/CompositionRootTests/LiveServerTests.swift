import Domain
import EmbeddedHosting
import Fixtures
import Foundation
import LiveApp
import LiveComposition
import Persistence
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The one composition function of the server, as `moments serve` and the embedded
/// default call it: the server on the folder's durable state, ended sessions recorded in
/// the history, the state's lock held until it is closed.
@Suite("LiveRoot.buildServer")
struct LiveServerTests {
    @Test("a session the clock completes is recorded once, is no longer live, and is found ended after a restart")
    func completesRecordsAndRestarts() async throws {
        try await TemporaryFolder.with { folder in
            let clock = PreviewClock()
            let locations = StoreLocations(singleDirectory: folder.url)
            let configuration = ServerConfiguration(locations: locations, clock: clock) { Issue.record("\($0)") }
            let live = try await LiveRoot.buildServer(configuration)
            let created = try await live.server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 60))
            #expect(await live.liveSession()?.id == created.id)
            #expect(await live.liveSession()?.token == created.token)
            #expect(live.stateFolder == locations.stateDirectory.path)

            clock.advance(by: 61)
            await live.server.tick()
            #expect(await live.liveSession() == nil)
            await live.close()

            let history = try HistoryStore.open(locations: locations)
            #expect(history.records.map(\.outcome) == [.completed])
            history.close()

            let restarted = try await LiveRoot.buildServer(configuration)
            #expect(try await restarted.server.snapshot(of: created.id).activity.content.outcome == .completed)
            await restarted.close()
        }
    }

    @Test("a second server on a folder another one holds is refused with a message, and changes nothing")
    func oneServerPerFolder() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = ServerConfiguration(
                locations: StoreLocations(singleDirectory: folder.url), clock: PreviewClock()) { Issue.record("\($0)") }
            let first = try await LiveRoot.buildServer(configuration)
            let created = try await first.server.create(SessionAttributesMother.makeAttributes())
            await #expect(throws: ServerSetupError.self) { _ = try await LiveRoot.buildServer(configuration) }
            #expect(try await first.server.snapshot(of: created.id).version == 1)
            await first.close()
        }
    }
}
