import Domain
import Fixtures
import Foundation
import Testing

/// The warm-up and the bells as the server's rules run them: timed changes at instants of
/// time sat, moved by pauses, each rung once, with the alert a push carries.
@Suite("Warm-up and bells in Transition")
struct BellRuleTests {
    func at(_ seconds: Double) -> Date { InstantMother.makeInstant(secondsAfterMorning: seconds) }

    @Test("the warm-up counts down first, is not sat, pauses with the session, and is over before the start bell")
    func warmUp() {
        let start = ContentStateMother.makeActivity(attributes: BellProgramMother.makeAttributes())
        #expect(start.content.warmUpLeft == 10)
        #expect(start.content.bellsRung == 0, "the start bell waits for the warm-up")
        #expect(start.content.elapsed(at: at(6)) == 0)
        #expect(start.content.warmUpLeft(at: at(6)) == 4)
        #expect(start.content.elapsed(at: at(70)) == 60)
        #expect(start.content.completionDate == at(190))
        #expect(start.nextDeadline(after: at(0)) == at(10), "the start bell")
        let paused = ContentStateMother.makeActivity(attributes: BellProgramMother.makeAttributes(), steps: [(4, .pause), (100, .resume)])
        #expect(paused.content.warmUpLeft == 6)
        #expect(paused.content.elapsed(at: at(110)) == 0)
        #expect(paused.content.completionDate == at(290))
        let rung = Transition.advance(start, to: at(10))
        #expect(rung.content.bellsRung == 1)
        #expect(BellAlert.rung(from: start, to: rung) == BellAlert(
            Bell(kind: .start, satSeconds: 0, strikes: 1, number: 1, of: 1), due: at(10)))
    }

    @Test("a session paused at 0:50 for a minute rings its first interval bell at 1:00 of time sat")
    func pauseMovesTheBell() {
        let attributes = BellProgramMother.makeAttributes(BellProgramMother.makeProgram())
        let started = ContentStateMother.makeActivity(attributes: attributes)
        #expect(started.content.bellsRung == 1, "with no warm-up, the start bell rings with the start")
        #expect(BellAlert.rung(from: nil, to: started)?.kind == .start)
        let paused = ContentStateMother.makeActivity(attributes: attributes, steps: [(50, .pause), (60, .resume)])
        #expect(paused.nextDeadline(after: at(110)) == at(120))
        #expect(Transition.advance(paused, to: at(119.999)) == paused)
        let rung = Transition.advance(paused, to: at(120))
        #expect(rung.content.elapsed(at: at(120)) == 60)
        #expect(BellAlert.rung(from: paused, to: rung) == BellAlert(
            Bell(kind: .interval, satSeconds: 60, strikes: 1, number: 1, of: 2), due: at(120)))
        #expect(Transition.advance(rung, to: at(120.5)) == rung, "rung once")
    }

    @Test("bells missed while no server ran are rung as one alert, the last, with the instant it was due")
    func missed() {
        let started = ContentStateMother.makeActivity(attributes: BellProgramMother.makeAttributes(BellProgramMother.makeProgram()))
        let late = Transition.advance(started, to: at(150))
        #expect(late.content.bellsRung == 3)
        let alert = BellAlert.rung(from: started, to: late)
        #expect(alert?.number == 2)
        #expect(alert?.due == at(120))
        #expect(alert?.isPresentable(at: at(150)) == true)
        #expect(alert?.isPresentable(at: at(181)) == false, "more than a minute late: dropped")
    }

    @Test("the end bell rings with the completion and with a finish, never with a cancel or the 8-hour end")
    func endBell() {
        let attributes = BellProgramMother.makeAttributes(BellProgramMother.makeProgram())
        let started = ContentStateMother.makeActivity(attributes: attributes)
        let completed = Transition.advance(started, to: at(400))
        #expect(BellAlert.rung(from: started, to: completed)?.kind == .end)
        #expect(BellAlert.rung(from: started, to: completed)?.strikes == 3)
        #expect(BellAlert.rung(from: started, to: completed)?.due == at(180))
        #expect(BellAlert.rung(from: completed, to: completed) == nil)
        let finished = ContentStateMother.makeActivity(attributes: attributes, steps: [(30, .finish)])
        #expect(BellAlert.rung(from: started, to: finished)?.kind == .end)
        let cancelled = ContentStateMother.makeActivity(attributes: attributes, steps: [(30, .cancel)])
        #expect(BellAlert.rung(from: started, to: cancelled) == nil)
        #expect(BellAlert.rung(from: nil, to: ContentStateMother.makeActivity()) == nil, "no program, no bell")
    }

    @Test("history keeps the time sat: a finished warm-up session counts no warm-up")
    func historyCountsTimeSat() {
        let finished = ContentStateMother.makeActivity(attributes: BellProgramMother.makeAttributes(), steps: [(70, .finish)])
        #expect(finished.content.secondsElapsed == 60)
    }
}
