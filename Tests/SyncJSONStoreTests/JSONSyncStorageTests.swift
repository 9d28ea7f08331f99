import Domain
import Fixtures
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
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

    @Test("a group sit's join code survives a restart on the same files, after changes journalled as amendments")
    func groupSitAfterRestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-group-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = StoreLocations(singleDirectory: folder)
        let clock = PreviewClock()
        let storage = try JSONSyncStorage(locations: locations)
        let server = SyncServer(storage: storage, clock: clock)
        let sit = try await server.create(SessionAttributesMother.makeGroupSit())
        clock.advance(by: 60)
        let paused = try await server.send(try IntentRequest(clientID: "a", intentID: "1", intent: .pause), to: sit.id, token: sit.token)
        await server.shutdown()
        storage.close()

        let reopened = try JSONSyncStorage(locations: locations)
        defer { reopened.close() }
        let restarted = SyncServer(storage: reopened, clock: clock)
        let code = try #require(sit.followCode)
        var pushes = try await restarted.follow(sit.id, code: code).makeAsyncIterator()
        #expect(await pushes.next() == paused)
        await #expect(throws: SyncError.wrongToken) { try await restarted.follow(sit.id, code: sit.token) }
        await #expect(throws: SyncError.followerOnly) {
            try await restarted.send(
                try IntentRequest(clientID: "a", intentID: "2", intent: .resume), to: sit.id, token: code)
        }
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

    @Test("a record whose token was sealed the legacy way still reads; the creation's retry rewrites it sealed the current way")
    func legacySeal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-legacy-seal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = StoreLocations(singleDirectory: folder)
        let key = try KeptTokenMother.makeCreationKey()
        let id = KeptTokenMother.activityID
        let creation = StoredActivityMother.makeCreation(key: key)
        // As a version before ADR 0024 wrote it: the token whole, and sealed the legacy way.
        let legacy = KeptTokenMother.makeLegacySealed()
        let stored = StoredActivity(
            snapshot: StoredActivityMother.makePushes(id: id)[0],
            token: KeptToken(digest: legacy.digest, sealed: legacy.sealed, plain: KeptTokenMother.token), creation: creation)
        let storage = try JSONSyncStorage(locations: locations)
        #expect(try await storage.commit([SyncWrite(expectedVersion: nil, activity: stored, changes: [stored.snapshot], answers: [])])
            == [.committed])
        storage.close()

        let reopened = try JSONSyncStorage(locations: locations)
        #expect(reopened.collection.issues.isEmpty)
        #expect(reopened.collection.document(for: id)?.token?.sealed == KeptTokenMother.legacySealed)
        let server = SyncServer(storage: reopened, clock: PreviewClock())
        let retried = try await server.create(
            creation.attributes, showSeconds: creation.showSeconds, clientID: creation.clientID, idempotencyKey: key)
        #expect(retried == CreatedActivity(id: id, token: KeptTokenMother.token, state: stored.snapshot, isReplay: true))
        await server.shutdown()
        reopened.close()

        // Rewritten on disk: the token still whole, its seal the current one, and it still unseals.
        let rewritten = try JSONSyncStorage(locations: locations)
        defer { rewritten.close() }
        #expect(rewritten.collection.issues.isEmpty)
        let token = try #require(rewritten.collection.document(for: id)?.token)
        #expect(token.plain == KeptTokenMother.token && token.digest == KeptTokenMother.tokenDigest)
        #expect(!token.isSealedTheLegacyWay && token.sealed?.hasPrefix("aes-gcm:") == true)
        #expect(token.sharedForm.revealed(with: key, activityID: id) == KeptTokenMother.token)
        #expect(rewritten.collection.document(for: id)?.snapshot == stored.snapshot)
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
