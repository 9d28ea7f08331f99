import Domain
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import Testing

/// SyncJSONStore's DocC example, run with the suite: DocCExamplesTests checks that the
/// article holds this region word for word.
@Suite("DocC: SyncJSONStore's example runs")
struct JSONStoreDocCExampleTests {
    @Test("SyncJSONStore's overview: a server restarted on the same files finds the session and its answer")
    func syncJSONStoreOverview() async throws {
        // DocC example: SyncJSONStore.docc/SyncJSONStore.md
        // The embedded server's state: a folder of JSON files, one document per activity.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-\(UUID())")
        let locations = StoreLocations(singleDirectory: folder)
        let storage = try JSONSyncStorage(locations: locations)
        let server = SyncServer(storage: storage)
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await server.create(attributes)
        let pause = try IntentRequest(clientID: "example", intentID: "pause-1", intent: .pause)
        let paused = try await server.send(pause, to: created.id, token: created.token)
        await server.shutdown()
        storage.close()

        // Opened again, as the next process opens it (taking the folder's lock), it holds what
        // was answered: the session paused, and the intent's answer, which a retry gets again.
        let reopened = try JSONSyncStorage(locations: locations)
        let restarted = SyncServer(storage: reopened)
        let found = try await restarted.snapshot(of: created.id)
        let retried = try await restarted.send(pause, to: created.id, token: created.token)
        print(found == paused, retried == paused)  // true true
        await restarted.shutdown()
        reopened.close()
        // End of DocC example
        #expect(paused.version == 2 && found.activity.content.isPaused)
        #expect(found == paused && retried == paused)
        #expect(reopened.collection.issues.isEmpty)
        try? FileManager.default.removeItem(at: folder)
    }
}
