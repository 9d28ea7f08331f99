import Domain
import Fixtures
import Foundation
@testable import LiveApp
import Persistence
import SyncAuthority
import SyncProtocol
import Testing

/// The lines `moments start` prints at the end: how it ended, the time sat, and today's
/// total and streak from the history (here the in-memory preview of one).
@Suite("SessionSummary")
struct SessionSummaryTests {
    /// A session pushed by a real server: started at the fixtures' morning, ended after
    /// `seconds` by `intent`.
    func ended(after seconds: Double, by intent: Intent) async throws -> Activity {
        let clock = PreviewClock()
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let created = try await server.create(SessionAttributesMother.makeAttributes())
        clock.advance(by: seconds)
        let end = try await server.send(try IntentRequest(clientID: "t", intentID: "end", intent: intent), to: created.id, token: created.token)
        return end.activity
    }

    @Test("a finished session with a thirty-day streak: the time sat, today's total and the streak")
    func withStreak() async throws {
        let activity = try await ended(after: 125, by: .finish)
        let history = PreviewSessionHistory.streak
        let lines = SessionSummary.lines(
            of: activity, history: history, timeZone: .utc, now: InstantMother.morning.addingTimeInterval(3_600))
        #expect(lines.count == 3)
        #expect(lines[1].contains("Sat 2:05"))
        #expect(lines[2] == "  Today 10:00 · Streak 30 days")
    }

    @Test("what the host records shows at once: an empty history with today's session in it")
    func recordedThenSummarised() async throws {
        let activity = try await ended(after: 240, by: .finish)
        let history = PreviewSessionHistory.empty
        let now = InstantMother.morning.addingTimeInterval(3_600)
        let before = SessionSummary.lines(of: activity, history: history, timeZone: .utc, now: now)
        #expect(before.last == "  Today 0:00 · Streak 0 days")
        #expect(history.append(SessionRecordMother.makeRecord(actualSeconds: 240)))
        let after = SessionSummary.lines(of: activity, history: history, timeZone: .utc, now: now)
        #expect(after.last == "  Today 4:00 · Streak 1 day")
    }

    @Test("without a readable history, the summary leaves the figures out; a cancelled sit says it is not counted")
    func noHistory() async throws {
        let activity = try await ended(after: 60, by: .cancel)
        let lines = SessionSummary.lines(of: activity, history: nil, timeZone: .utc, now: InstantMother.morning)
        #expect(lines.contains("  Cancelled sessions are not counted."))
        #expect(!lines.contains { $0.contains("Streak") })
    }

    @Test("the preview history keeps the store's rules: oldest first, one record per id")
    func previewRules() throws {
        let history = PreviewSessionHistory.oneSession
        let first = try #require(history.records.first)
        #expect(history.append(first) == false)
        let earlier = SessionRecordMother.makeRecord(startedAt: InstantMother.morning.addingTimeInterval(-86_400))
        #expect(history.append(earlier))
        #expect(history.records.map(\.id) == [earlier.id, first.id])
    }
}
