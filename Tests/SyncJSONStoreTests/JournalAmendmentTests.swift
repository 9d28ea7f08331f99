import Domain
import Fixtures
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import TestSupport
import Testing

/// An intent's write is journaled as what it changed (its state and its answer), not as
/// the activity with every answer it remembers (ADR 0038); a restart replays the
/// amendments into the same activity, with the same answers forgotten.
@Suite("JSONSyncStorage journal amendments")
struct JournalAmendmentTests {
    @Test("past the remembered answers, each intent's journal line stays small, and a restart has the same activity")
    func amendmentsReplayWhole() async throws {
        try await TemporaryFolder.with { folder in try await amendmentsReplayWhole(in: StoreLocations(singleDirectory: folder.url)) }
    }

    private func amendmentsReplayWhole(in locations: StoreLocations) async throws {
        let clock = PreviewClock()
        // No compaction during the test: every intent stays a journal line to replay.
        let storage = try JSONSyncStorage(locations: locations, compactionThreshold: 10_000)
        let server = SyncServer(storage: storage, clock: clock)
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600))
        let intents = StoredActivity.rememberedAnswers + 200
        // Clients of unequal appetite, so both the per-client and the overall limits forget
        // answers: one sends a third of the intents, 28 others the rest.
        func request(_ step: Int) throws -> IntentRequest {
            try IntentRequest(
                clientID: "c\(step % 3 == 0 ? 0 : step % 29)", intentID: "\(step)",
                intent: .adjustTarget(bySeconds: step.isMultiple(of: 2) ? 1 : -1))
        }
        for step in 0..<intents {
            _ = try await server.send(try request(step), to: created.id, token: created.token)
        }
        let before = try #require(storage.collection.document(for: created.id))
        await server.shutdown()
        storage.close()

        let journal = String(decoding: try Data(contentsOf: storage.collection.journalURL), as: UTF8.self)
        let lines = journal.split(separator: "\n")
        #expect(lines.first?.contains(#""version":2"#) == true)
        let last = try #require(lines.last)
        #expect(last.contains(#""amends":true"#))
        // One answer and one state: a small line, however many answers the activity remembers.
        #expect(last.utf8.count < 4 * 1_024, "\(last.utf8.count) bytes")
        #expect(before.answers.count == StoredActivity.rememberedAnswers)

        let reopened = try JSONSyncStorage(locations: locations, compactionThreshold: 10_000)
        defer { reopened.close() }
        #expect(reopened.collection.issues.isEmpty)
        #expect(reopened.collection.document(for: created.id) == before)
        let restarted = SyncServer(storage: reopened, clock: clock)
        // The newest answer is still remembered: its retry is answered as it was.
        #expect(try await restarted.send(try request(intents - 1), to: created.id, token: created.token) == before.snapshot)
    }
}
