import Domain
import Fixtures
import Foundation
import Testing

/// The rules of a sit scheduled for an hour (ADR 0074): it waits paused at 0 with nothing
/// sat, the server begins it at its instant (its start bell with it), it may be started now
/// or cancelled before, and an instant that has passed or is too far ahead is refused.
@Suite("Scheduled sit rules")
struct ScheduledSitRulesTests {
    let now = InstantMother.morning
    var startsAt: Date { now.addingTimeInterval(240) }

    func scheduled(bells: BellProgram? = nil) throws -> Activity {
        try Transition.apply(.start(SessionAttributesMother.makeScheduled(startsAt: startsAt, bells: bells), showSeconds: true), to: nil, at: now)
    }

    @Test("a scheduled sit waits at 0: nothing sat, no bell, the next deadline its start, fresh until a little after it")
    func waits() throws {
        let sit = try scheduled(bells: BellProgramMother.makeProgram(warmUpSeconds: 0))
        #expect(sit.content.isScheduled && sit.content.startsAt == startsAt && sit.content.isPaused)
        #expect(sit.content.elapsed(at: startsAt.addingTimeInterval(-1)) == 0 && sit.content.bellsRung == 0)
        #expect(sit.content.secondsToStart(at: now) == 240 && sit.content.secondsToStart(at: startsAt.addingTimeInterval(9)) == 0)
        #expect(sit.nextDeadline(after: now) == startsAt)
        #expect(sit.status(at: startsAt.addingTimeInterval(-1)) == .active)
        #expect(Transition.advance(sit, to: startsAt.addingTimeInterval(-0.001)) == sit)
        #expect(try Transition.apply(.pause, to: sit, at: now.addingTimeInterval(10)) == sit, "a pause of a sit not begun changes nothing")
    }

    @Test("the server begins it at its instant, however late it wakes, with its start bell, started then")
    func begins() throws {
        let sit = try scheduled(bells: BellProgramMother.makeProgram(warmUpSeconds: 0))
        let begun = Transition.advance(sit, to: startsAt)
        #expect(!begun.content.isScheduled && begun.content.isRunning && begun.content.measuredAt == startsAt)
        #expect(begun.lifecycle.startedAt == startsAt, "its history says when it was sat")
        #expect(begun.content.bellsRung == 1, "the start bell rings at the start")
        let late = Transition.advance(sit, to: startsAt.addingTimeInterval(30))
        #expect(late.content.elapsed(at: startsAt.addingTimeInterval(30)) == 30 && late.content.measuredAt == startsAt)
        let pastTheEnd = Transition.advance(sit, to: startsAt.addingTimeInterval(1_300))
        #expect(pastTheEnd.content.outcome == .completed && pastTheEnd.lifecycle.endedAt == startsAt.addingTimeInterval(1_200))
    }

    @Test("resume starts it now; cancel ends it uncounted; finish is refused, as nothing is sat")
    func beforeTheHour() throws {
        let sit = try scheduled()
        let early = now.addingTimeInterval(60)
        let startedNow = try Transition.apply(.resume, to: sit, at: early)
        #expect(startedNow.content.isRunning && !startedNow.content.isScheduled && startedNow.lifecycle.startedAt == early)
        let cancelled = try Transition.apply(.cancel, to: sit, at: early)
        #expect(cancelled.content.outcome == .cancelled && !cancelled.content.isScheduled && cancelled.content.secondsElapsed == 0)
        #expect(throws: TransitionError.notYetBegun(startsAt: startsAt)) { try Transition.apply(.finish, to: sit, at: early) }
        let longer = try Transition.apply(.adjustTarget(bySeconds: 60), to: sit, at: early)
        #expect(longer.content.targetTimeInSeconds == 1_260 && longer.content.isScheduled)
    }

    @Test("an instant that has passed, or is more than a week ahead, is refused; one a week ahead is taken")
    func refused() throws {
        for past in [now, now.addingTimeInterval(-1)] {
            #expect(throws: TransitionError.startsInThePast(past)) {
                try Transition.apply(.start(SessionAttributesMother.makeScheduled(startsAt: past), showSeconds: true), to: nil, at: now)
            }
        }
        let week = now.addingTimeInterval(SessionLimits.scheduleHorizon)
        #expect(try Transition.apply(.start(SessionAttributesMother.makeScheduled(startsAt: week), showSeconds: true), to: nil, at: now).content.startsAt == week)
        let further = week.addingTimeInterval(1)
        #expect(throws: TransitionError.startsTooFarAhead(further)) {
            try Transition.apply(.start(SessionAttributesMother.makeScheduled(startsAt: further), showSeconds: true), to: nil, at: now)
        }
    }

    @Test("its JSON says starts_at in the attributes and the state while it waits, reads back, and refuses a state that cannot wait")
    func json() throws {
        let sit = try scheduled()
        let text = String(decoding: try JSONEncoder().encode(sit), as: UTF8.self)
        #expect(text.contains(#""starts_at":"2026-11-21T07:34:00.000Z""#), "\(text)")
        #expect(try JSONDecoder().decode(Activity.self, from: Data(text.utf8)) == sit)
        let begun = String(decoding: try JSONEncoder().encode(Transition.advance(sit, to: startsAt).content), as: UTF8.self)
        #expect(!begun.contains("starts_at"))
        let running = text.replacingOccurrences(of: #""is_paused":true"#, with: #""is_paused":false"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Activity.self, from: Data(running.utf8)) }
    }
}
