import Domain
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import Testing

/// The examples of the DocC catalogs whose modules would cost a reader's package minutes of
/// third-party building (swift-crypto, swift-metrics): written here, between the markers
/// DocCExamplesTests finds them by, compiled and run with the suite, and checked to be the
/// articles' code word for word.
@Suite("DocC: the server's examples run")
struct DocCExampleTests {
    @Test("SyncAuthority's overview: a server on JSON files creates, pushes and pauses a session")
    func syncAuthorityOverview() async throws {
        // DocC example: SyncAuthority.docc/SyncAuthority.md
        // A server whose state is JSON files in a folder, as the embedded server keeps it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-\(UUID())")
        let storage = try JSONSyncStorage(locations: StoreLocations(singleDirectory: folder))
        let server = SyncServer(storage: storage)
        await server.tick()

        // A client starts a session, follows its pushes, and pauses it.
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await server.create(attributes)
        let pushes = try await server.subscribe(to: created.id, token: created.token)
        let pause = try IntentRequest(clientID: "example", intentID: "pause-1", intent: .pause)
        let paused = try await server.send(pause, to: created.id, token: created.token)
        print(paused.version, paused.activity.content.isPaused)  // 2 true

        // Every change is pushed whole, in version order: the start, then the pause.
        var seen: [UInt64] = []
        for await push in pushes {
            seen.append(push.version)
            if push.version == paused.version { break }
        }
        await server.shutdown()
        // End of DocC example
        #expect(paused.version == 2 && paused.activity.content.isPaused)
        #expect(seen == [1, 2])
        try? FileManager.default.removeItem(at: folder)
    }
}
