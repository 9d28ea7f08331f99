import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import TestSupport
import Testing

/// The clock rules' index: which activities are due at an instant, earliest first, and the
/// earliest deadline of all, as every server sharing the database sees them.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresClockRuleTests {
    @Test func nothingIsDueInAnEmptyDatabase() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            #expect(try await storage.nextDeadline() == nil)
            #expect(try await storage.due(at: InstantMother.morning, limit: 10) == [])
        }
    }

    @Test func dueAnswersTheActivitiesWhoseDeadlineHasComeEarliestFirst() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let early = StoredActivityMother.makeStoredActivity(
                id: "early", script: SessionScriptMother.makeScript(moment: .justStarted))
            let late = StoredActivityMother.makeStoredActivity(
                id: "late",
                script: SessionScriptMother.makeScript(moment: .justStarted, start: InstantMother.makeInstant(secondsAfterMorning: 60)))
            let earlyDeadline = try #require(early.snapshot.nextRuleDeadline)
            let lateDeadline = try #require(late.snapshot.nextRuleDeadline)
            #expect(earlyDeadline < lateDeadline)
            _ = try await commit(storage, [(nil, late, [late.snapshot]), (nil, early, [early.snapshot])])

            #expect(try await storage.nextDeadline() == earlyDeadline)
            #expect(try await storage.due(at: earlyDeadline.addingTimeInterval(-1), limit: 10) == [])
            #expect(try await storage.due(at: earlyDeadline, limit: 10) == ["early"])
            #expect(try await storage.due(at: lateDeadline, limit: 10) == ["early", "late"])
            #expect(try await storage.due(at: lateDeadline, limit: 1) == ["early"])
        }
    }
}
