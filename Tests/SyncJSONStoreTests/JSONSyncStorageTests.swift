import SyncJSONStore
import Domain
import Fixtures
import Foundation
import Persistence
import Sync
import Testing

/// The adapter that keeps Sync's state in Persistence's files: what a server commits is
/// what a restarted server finds, answers included.
@Suite("JSONSyncStorage")
struct JSONSyncStorageTests {
    @Test("a restarted server on the same files has every activity, token and remembered answer")
    func restart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = StoreLocations(singleDirectory: folder)
        let clock = PreviewClock()

        let storage = try JSONSyncStorage(locations: locations)
        let server = SyncServer(storage: storage, clock: clock)
        let first = try await server.create(SessionAttributesMother.makeAttributes())
        let second = try await server.create(SessionAttributesMother.makeOpenEnded())
        clock.advance(by: 60)
        let pause = try IntentRequest(clientID: "a", intentID: "1", intent: .pause)
        let paused = try await server.send(pause, to: first.id, token: first.token)
        let refusal = try IntentRequest(clientID: "a", intentID: "2", intent: .adjustTarget(bySeconds: 60))
        await #expect(throws: SyncError.self) { try await server.send(refusal, to: second.id, token: second.token) }
        await server.shutdown()
        storage.close()

        let reopened = try JSONSyncStorage(locations: locations)
        defer { reopened.close() }
        #expect(reopened.collection.issues.isEmpty)
        let restarted = SyncServer(storage: reopened, clock: clock)
        #expect(try await restarted.snapshot(of: first.id) == paused)
        #expect(try await restarted.snapshot(of: second.id) == second.state)
        #expect(try await restarted.send(pause, to: first.id, token: first.token) == paused)
        await #expect(throws: SyncError.refused(
            code: "open_ended", message: TransitionError.openEnded.description, current: second.state)
        ) {
            try await restarted.send(refusal, to: second.id, token: second.token)
        }
        await #expect(throws: SyncError.wrongToken) { try await restarted.send(pause, to: first.id, token: second.token) }
    }

    @Test("a creation's idempotency key survives a restart on the same files: its retry gets the same activity")
    func keyAfterRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = StoreLocations(singleDirectory: folder)
        let clock = PreviewClock()
        let key = IdempotencyKey.random()
        let attributes = SessionAttributesMother.makeAttributes()

        let storage = try JSONSyncStorage(locations: locations)
        let server = SyncServer(storage: storage, clock: clock)
        let created = try await server.create(attributes, clientID: "a", idempotencyKey: key)
        let unkeyed = try await server.create(attributes, clientID: "a")
        // A later change rewrites the checkpoint; the key must stay in it.
        let paused = try await server.send(try IntentRequest(clientID: "a", intentID: "1", intent: .pause), to: created.id, token: created.token)
        await server.shutdown()
        storage.close()

        let reopened = try JSONSyncStorage(locations: locations)
        defer { reopened.close() }
        #expect(reopened.collection.issues.isEmpty)
        #expect(reopened.collection.document(for: created.id)?.creation?.keyDigest == key.digest)
        #expect(reopened.collection.document(for: unkeyed.id)?.creation == nil)
        let restarted = SyncServer(storage: reopened, clock: clock)
        let retried = try await restarted.create(attributes, clientID: "a", idempotencyKey: key)
        #expect(retried == CreatedActivity(id: created.id, token: created.token, state: paused, isReplay: true))
        await #expect(throws: SyncError.idempotencyKeyReused) {
            try await restarted.create(attributes, clientID: "b", idempotencyKey: key)
        }
        #expect(try await restarted.list().count == 2)
    }

    @Test("the files are the Persistence collection's, refusing a second server on the same folder")
    func locked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try JSONSyncStorage(locations: StoreLocations(singleDirectory: folder))
        defer { storage.close() }
        #expect(storage.collection.journalURL.lastPathComponent == "server-state.journal.jsonl")
        #expect(throws: PersistenceError.self) {
            try DocumentCollection.open(
                named: ServerStateStore.collectionName, in: folder, schema: JSONSyncStorage.schema, lockWait: .milliseconds(50))
        }
    }
}
