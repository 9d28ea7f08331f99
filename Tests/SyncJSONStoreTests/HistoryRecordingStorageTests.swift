import SyncJSONStore
import Domain
import Fixtures
import Foundation
import Persistence
import Sync
import TestSupport
import Testing

/// The host of a server writes each ended session into the history, once, before the end
/// is pushed; and repairs a history that missed one at start-up.
@Suite("HistoryRecordingStorage")
struct HistoryRecordingStorageTests {
    func history(_ folder: TemporaryFolder) throws -> [SessionRecord] {
        let store = try HistoryStore.open(locations: StoreLocations(singleDirectory: folder.url))
        defer { store.close() }
        return store.records
    }

    @Test("finish, the clock's completion and a cancel are each recorded once, under the activity's id")
    func recordsEachEndOnce() async throws {
        try await TemporaryFolder.with { folder in
            let clock = PreviewClock()
            let memory = PreviewSyncStorage()
            let storage = HistoryRecordingStorage(
                wrapping: memory, locations: StoreLocations(singleDirectory: folder.url)) { Issue.record("\($0)") }
            let server = SyncServer(storage: storage, clock: clock)
            let finished = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 600))
            let completed = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 60))
            let cancelled = try await server.create(SessionAttributesMother.makeOpenEnded())
            clock.advance(by: 120)
            let finish = try IntentRequest(clientID: "a", intentID: "1", intent: .finish)
            _ = try await server.send(finish, to: finished.id, token: finished.token)
            // The same end asked again: answered the same, recorded once.
            _ = try await server.send(finish, to: finished.id, token: finished.token)
            _ = try await server.send(try IntentRequest(clientID: "a", intentID: "2", intent: .cancel), to: cancelled.id, token: cancelled.token)
            await server.tick()

            let records = try history(folder)
            #expect(records.count == 3)
            #expect(Set(records.map(\.id)) == Set([finished.id, completed.id, cancelled.id].compactMap(UUID.init(uuidString:))))
            #expect(Set(records.map(\.outcome)) == [.finishedEarly, .completed, .cancelled])

            // A restarted host offers every ended activity again: nothing is added twice.
            let restarted = HistoryRecordingStorage(
                wrapping: PreviewSyncStorage(records: memory.records), locations: StoreLocations(singleDirectory: folder.url)
            ) { Issue.record("\($0)") }
            try await restarted.catchUp()
            #expect(try history(folder).count == 3)
        }
    }

    @Test("a history that missed an end (a crash between commit and append) gets it at the next start-up")
    func repairsAtStartUp() async throws {
        try await TemporaryFolder.with { folder in
            let clock = PreviewClock()
            let memory = PreviewSyncStorage()
            let server = SyncServer(storage: memory, clock: clock)
            let created = try await server.create(SessionAttributesMother.makeAttributes())
            clock.advance(by: 30)
            _ = try await server.send(try IntentRequest(clientID: "a", intentID: "1", intent: .finish), to: created.id, token: created.token)
            #expect(try history(folder).isEmpty)

            let storage = HistoryRecordingStorage(
                wrapping: PreviewSyncStorage(records: memory.records), locations: StoreLocations(singleDirectory: folder.url)
            ) { Issue.record("\($0)") }
            try await storage.catchUp()
            let records = try history(folder)
            #expect(records.map(\.actualSeconds) == [30])
        }
    }

    @Test("an activity id that is not a UUID still gives one stable record id")
    func stableIDs() {
        let snapshotID = "activity-7"
        #expect(HistoryRecordingStorage.recordID(forActivity: snapshotID) == HistoryRecordingStorage.recordID(forActivity: snapshotID))
        #expect(HistoryRecordingStorage.recordID(forActivity: snapshotID) != HistoryRecordingStorage.recordID(forActivity: "activity-8"))
    }
}
