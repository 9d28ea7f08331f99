import Domain
import Fixtures
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import TestSupport
import Testing

/// The host of a server writes each ended session into the history, once, before the end
/// is pushed; and repairs a history that missed one at start-up.
@Suite("HistoryRecorder")
struct HistoryRecorderTests {
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
            let recorder = HistoryRecorder(locations: StoreLocations(singleDirectory: folder.url)) { Issue.record("\($0)") }
            let server = SyncServer(storage: memory, clock: clock, observer: recorder)
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
            let restarted = HistoryRecorder(locations: StoreLocations(singleDirectory: folder.url)) { Issue.record("\($0)") }
            try await restarted.catchUp(from: PreviewSyncStorage(records: memory.records))
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

            let recorder = HistoryRecorder(locations: StoreLocations(singleDirectory: folder.url)) { Issue.record("\($0)") }
            try await recorder.catchUp(from: PreviewSyncStorage(records: memory.records))
            let records = try history(folder)
            #expect(records.map(\.actualSeconds) == [30])
        }
    }

    /// The ids are written out, not computed here: a history written by one version keeps its
    /// record ids under the next, so a change to how they are made must fail this test (two
    /// calls in one process would agree with any scheme). Worked out once outside Swift: the
    /// 64-bit FNV-1a of the id's UTF-8 from two offsets, each stored little-endian.
    @Test("an activity id that is not a UUID gives the same record id in every version and process")
    func stableIDs() {
        #expect(HistoryRecorder.recordID(forActivity: "activity-7") == UUID(uuidString: "ACA90730-B66A-8B55-B17C-D8877EFC5FCD"))
        #expect(HistoryRecorder.recordID(forActivity: "activity-8") == UUID(uuidString: "91B50730-B671-8B55-CC70-D8877EF55FCD"))
        // An id that is a UUID is the record's id as it is.
        let uuid = "5F0C4E51-7A2B-4C1D-9E3F-0A1B2C3D4E5F"
        #expect(HistoryRecorder.recordID(forActivity: uuid) == UUID(uuidString: uuid))
    }
}
