import Domain
import Fixtures
import Foundation
import Testing

/// The rules the server applies with its own clock: completion, the 8-hour end, and the
/// dates observers derive staleness and dismissal from.
@Suite("Transition.advance and the activity lifecycle")
struct ServerClockRuleTests {
    func at(_ seconds: Double) -> Date { InstantMother.makeInstant(secondsAfterMorning: seconds) }

    @Test("nothing is due before the target: advance answers the same activity")
    func nothingDue() {
        let running = ContentStateMother.makeActivity()
        #expect(Transition.advance(running, to: at(299.999)) == running)
        #expect(running.nextDeadline(after: at(10)) == at(300))
    }

    @Test("a running session completes at the instant it reached its target, however late the rule runs")
    func completesAtTarget() {
        let running = ContentStateMother.makeActivity(steps: [(100, .pause), (50, .resume)])
        #expect(running.content.completionDate == at(350))
        let completed = Transition.advance(running, to: at(5_000))
        #expect(completed.content.outcome == .completed)
        #expect(completed.content.isCompleted)
        #expect(completed.content.secondsElapsed == 300)
        #expect(completed.content.measuredAt == at(350))
        #expect(completed.lifecycle.endedAt == at(350))
        #expect(Transition.advance(completed, to: at(6_000)) == completed)
    }

    @Test("a paused session never completes")
    func pausedNeverCompletes() {
        let paused = ContentStateMother.makeActivity(steps: [(100, .pause)])
        #expect(Transition.advance(paused, to: at(1_000)) == paused)
        #expect(paused.content.completionDate == nil)
    }

    @Test("an activity still live 8 hours after it started ends by itself")
    func expiresAfterEightHours() {
        let eightHours = SessionLimits.maximumActivityDuration
        let open = ContentStateMother.makeActivity(attributes: SessionAttributesMother.makeOpenEnded())
        #expect(open.nextDeadline(after: at(10)) == at(eightHours))
        let expired = Transition.advance(open, to: at(eightHours + 60))
        #expect(expired.content.outcome == .expired)
        #expect(expired.content.secondsElapsed == eightHours)
        #expect(expired.lifecycle.endedAt == at(eightHours))

        let paused = ContentStateMother.makeActivity(
            attributes: SessionAttributesMother.makeOpenEnded(), steps: [(600, .pause)])
        let pausedExpired = Transition.advance(paused, to: at(eightHours))
        #expect(pausedExpired.content.outcome == .expired)
        #expect(pausedExpired.content.secondsElapsed == 600)
        #expect(Transition.advance(paused, to: at(eightHours - 1)) == paused)
    }

    @Test("status: active, stale past the stale date, ended, then dismissed")
    func status() {
        let running = ContentStateMother.makeActivity()
        let staleDate = at(300 + SessionLimits.staleGrace)
        #expect(running.staleDate == staleDate)
        #expect(running.status(at: at(10)) == .active)
        #expect(running.status(at: staleDate.addingTimeInterval(-0.001)) == .active)
        #expect(running.status(at: staleDate) == .stale)

        let ended = Transition.advance(running, to: at(400))
        #expect(ended.staleDate == nil)
        #expect(ended.status(at: at(400)) == .ended)
        let fourHours = SessionLimits.maximumDismissalDelay
        #expect(ended.lifecycle.dismissalDate == at(300 + fourHours))
        #expect(ended.nextDeadline(after: at(400)) == at(300 + fourHours))
        #expect(ended.nextDeadline(after: at(300 + fourHours)) == nil)
        #expect(ended.status(at: at(300 + fourHours - 1)) == .ended)
        #expect(ended.status(at: at(300 + fourHours)) == .dismissed)
    }

    @Test("a session left paused goes stale after 30 minutes; resuming makes it fresh")
    func pausedStaleDate() throws {
        let paused = ContentStateMother.makeActivity(steps: [(100, .pause)])
        let staleAt = at(100 + SessionLimits.pausedStaleAfter)
        #expect(paused.staleDate == staleAt)
        #expect(paused.nextDeadline(after: at(200)) == staleAt)
        #expect(paused.nextDeadline(after: staleAt) == at(SessionLimits.maximumActivityDuration))
        #expect(paused.status(at: staleAt) == .stale)
        let resumed = try Transition.apply(.resume, to: paused, at: staleAt.addingTimeInterval(5))
        #expect(resumed.status(at: staleAt.addingTimeInterval(5)) == .active)
        let lateInTheDay = ContentStateMother.makeActivity(
            attributes: SessionAttributesMother.makeOpenEnded(),
            steps: [(SessionLimits.maximumActivityDuration - 60, .pause)])
        #expect(lateInTheDay.staleDate == lateInTheDay.lifecycle.automaticEndDate)
    }

    @Test("dismissal policies: default 4 h, immediate, after a date capped at 4 h and never before the end")
    func dismissalPolicies() {
        let end = at(1_000)
        let fourHours = SessionLimits.maximumDismissalDelay
        #expect(DismissalPolicy.default.dismissalDate(endedAt: end) == end.addingTimeInterval(fourHours))
        #expect(DismissalPolicy.immediate.dismissalDate(endedAt: end) == end)
        #expect(DismissalPolicy.after(at(1_600)).dismissalDate(endedAt: end) == at(1_600))
        #expect(DismissalPolicy.after(at(99_999)).dismissalDate(endedAt: end) == end.addingTimeInterval(fourHours))
        #expect(DismissalPolicy.after(at(10)).dismissalDate(endedAt: end) == end)

        let lifecycle = ActivityLifecycle(startedAt: at(0), endedAt: end, dismissalPolicy: .immediate)
        #expect(lifecycle.status(at: end, staleDate: nil) == .dismissed)
    }
}

@Suite("PushOrdering")
struct PushOrderingTests {
    func stamp(_ version: UInt64, _ seconds: Double, _ event: ActivityEvent) -> PushStamp {
        PushStamp(version: version, timestamp: InstantMother.makeInstant(secondsAfterMorning: seconds), event: event)
    }

    @Test("the first push is always taken")
    func first() {
        for event in ActivityEvent.allCases { #expect(PushOrdering.accepts(stamp(7, 0, event), over: nil)) }
    }

    @Test("only a newer version with a timestamp no older is taken")
    func newerOnly() {
        let current = stamp(5, 10, .update)
        #expect(PushOrdering.accepts(stamp(6, 10, .update), over: current))
        #expect(PushOrdering.accepts(stamp(9, 11, .end), over: current))
        #expect(!PushOrdering.accepts(stamp(5, 11, .update), over: current))
        #expect(!PushOrdering.accepts(stamp(4, 12, .update), over: current))
        #expect(!PushOrdering.accepts(stamp(6, 9.999, .update), over: current))
    }

    @Test("after the end, nothing but the dismissal; after the dismissal, nothing")
    func afterEnd() {
        let ended = stamp(5, 10, .end)
        #expect(!PushOrdering.accepts(stamp(6, 11, .update), over: ended))
        #expect(!PushOrdering.accepts(stamp(6, 11, .start), over: ended))
        #expect(!PushOrdering.accepts(stamp(6, 11, .end), over: ended))
        #expect(PushOrdering.accepts(stamp(6, 11, .dismiss), over: ended))
        let dismissed = stamp(6, 11, .dismiss)
        for event in ActivityEvent.allCases { #expect(!PushOrdering.accepts(stamp(7, 12, event), over: dismissed)) }
    }
}
