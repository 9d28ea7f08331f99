import Domain
import Fixtures
import Foundation
import Testing

/// Every intent from every state of a session.
@Suite("Transition.apply")
struct TransitionTests {
    let start = InstantMother.morning
    func at(_ seconds: Double) -> Date { InstantMother.makeInstant(secondsAfterMorning: seconds) }

    @Test("start creates a running session measured at its start")
    func startFromNothing() throws {
        let attributes = SessionAttributesMother.makeAttributes(plannedSeconds: 300)
        let activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)
        #expect(activity.attributes == attributes)
        #expect(activity.content.isRunning)
        #expect(activity.content.secondsElapsed == 0)
        #expect(activity.content.targetTimeInSeconds == 300)
        #expect(activity.content.measuredAt == start)
        #expect(activity.lifecycle.startedAt == start)
        #expect(activity.lifecycle.endedAt == nil)
        #expect(activity.status(at: start) == .active)
    }

    @Test("every intent but start needs a session", arguments: [Intent.pause, .resume, .finish, .cancel, .adjustTarget(bySeconds: 60)])
    func intentWithoutSession(intent: Intent) {
        #expect(throws: TransitionError.notStarted) { try Transition.apply(intent, to: nil, at: start) }
    }

    @Test("start on a live or ended session is refused")
    func startTwice() {
        let start = Intent.start(SessionAttributesMother.makeAttributes(), showSeconds: true)
        for activity in [ContentStateMother.makeActivity(), ContentStateMother.makeActivity(steps: [(10, .cancel)])] {
            #expect(throws: TransitionError.alreadyStarted) { try Transition.apply(start, to: activity, at: at(20)) }
        }
    }

    @Test("pause freezes the time; pausing again changes nothing")
    func pause() throws {
        let running = ContentStateMother.makeActivity()
        let paused = try Transition.apply(.pause, to: running, at: at(125))
        #expect(paused.content.isPaused)
        #expect(paused.content.secondsElapsed == 125)
        #expect(paused.content.elapsed(at: at(1_000)) == 125)
        let again = try Transition.apply(.pause, to: paused, at: at(200))
        #expect(again == paused)
    }

    @Test("resume counts on from where it paused; resuming a running session changes nothing")
    func resume() throws {
        let paused = ContentStateMother.makeActivity(steps: [(125, .pause)])
        let resumed = try Transition.apply(.resume, to: paused, at: at(200))
        #expect(resumed.content.isRunning)
        #expect(resumed.content.elapsed(at: at(210)) == 135)
        let again = try Transition.apply(.resume, to: resumed, at: at(220))
        #expect(again == resumed)
    }

    @Test("finish before the target ends early; at or after it, or open-ended, completes")
    func finish() throws {
        let early = try Transition.apply(.finish, to: ContentStateMother.makeActivity(), at: at(125))
        #expect(early.content.outcome == .finishedEarly)
        #expect(early.content.secondsElapsed == 125)
        #expect(early.lifecycle.endedAt == at(125))
        #expect(early.status(at: at(126)) == .ended)

        let open = ContentStateMother.makeActivity(attributes: SessionAttributesMother.makeOpenEnded())
        let openFinished = try Transition.apply(.finish, to: open, at: at(3_000))
        #expect(openFinished.content.outcome == .completed)
        #expect(openFinished.content.isCompleted)

        let paused = ContentStateMother.makeActivity(steps: [(100, .pause)])
        let pausedFinished = try Transition.apply(.finish, to: paused, at: at(500))
        #expect(pausedFinished.content.secondsElapsed == 100)
        #expect(pausedFinished.content.outcome == .finishedEarly)
        #expect(!pausedFinished.content.isPaused)
    }

    @Test("cancel ends the session without counting it")
    func cancel() throws {
        let cancelled = try Transition.apply(.cancel, to: ContentStateMother.makeActivity(), at: at(30))
        #expect(cancelled.content.outcome == .cancelled)
        #expect(cancelled.content.secondsElapsed == 30)
        #expect(cancelled.content.outcome?.countsTowardStats == false)
    }

    @Test(
        "any intent after the end is refused with the outcome",
        arguments: [Intent.pause, .resume, .finish, .cancel, .adjustTarget(bySeconds: 60)])
    func afterTheEnd(intent: Intent) {
        let ended: [(Activity, SessionOutcome)] = [
            (ContentStateMother.makeActivity(steps: [(10, .cancel)]), .cancelled),
            (ContentStateMother.makeActivity(steps: [(10, .finish)]), .finishedEarly),
            (ContentStateMother.makeActivity(steps: [(400, nil)]), .completed),
        ]
        for (activity, outcome) in ended {
            #expect(throws: TransitionError.sessionEnded(outcome)) {
                try Transition.apply(intent, to: activity, at: at(500))
            }
        }
    }

    @Test("an intent that arrives after the target was reached meets a completed session")
    func intentAfterTargetReached() {
        let running = ContentStateMother.makeActivity()
        #expect(throws: TransitionError.sessionEnded(.completed)) {
            try Transition.apply(.pause, to: running, at: at(301))
        }
    }

    @Test("adjust moves the target, within 1 s to 8 h and above the time sat")
    func adjust() throws {
        let running = ContentStateMother.makeActivity()
        let longer = try Transition.apply(.adjustTarget(bySeconds: 60), to: running, at: at(100))
        #expect(longer.content.targetTimeInSeconds == 360)
        #expect(longer.content.elapsed(at: at(150)) == 150)
        let shorter = try Transition.apply(.adjustTarget(bySeconds: -60), to: running, at: at(100))
        #expect(shorter.content.targetTimeInSeconds == 240)
        #expect(try Transition.apply(.adjustTarget(bySeconds: 0), to: running, at: at(100)) == running)

        #expect(throws: TransitionError.targetBelowElapsed(requestedSeconds: 180, elapsedSeconds: 200)) {
            try Transition.apply(.adjustTarget(bySeconds: -120), to: running, at: at(200))
        }
        #expect(throws: TransitionError.targetOutOfRange(requestedSeconds: 8 * 3_600 + 300)) {
            try Transition.apply(.adjustTarget(bySeconds: 8 * 3_600), to: running, at: at(10))
        }
        #expect(throws: TransitionError.targetOutOfRange(requestedSeconds: -3_300)) {
            try Transition.apply(.adjustTarget(bySeconds: -3_600), to: running, at: at(0))
        }
        #expect(throws: TransitionError.invalidAdjustment(seconds: .infinity)) {
            try Transition.apply(.adjustTarget(bySeconds: .infinity), to: running, at: at(10))
        }
        let open = ContentStateMother.makeActivity(attributes: SessionAttributesMother.makeOpenEnded())
        #expect(throws: TransitionError.openEnded) {
            try Transition.apply(.adjustTarget(bySeconds: 60), to: open, at: at(10))
        }
    }

    @Test("adjusting a paused session keeps it paused")
    func adjustPaused() throws {
        let paused = ContentStateMother.makeActivity(steps: [(100, .pause)])
        let adjusted = try Transition.apply(.adjustTarget(bySeconds: 60), to: paused, at: at(400))
        #expect(adjusted.content.isPaused)
        #expect(adjusted.content.targetTimeInSeconds == 360)
        #expect(adjusted.content.elapsed(at: at(1_000)) == 100)
    }

    @Test("a clock that steps back counts nothing and never rewinds")
    func clockGoesBack() throws {
        let running = ContentStateMother.makeActivity(steps: [(100, .pause), (0, .resume)])
        let paused = try Transition.apply(.pause, to: running, at: at(50))
        #expect(paused.content.secondsElapsed == 100)
        #expect(paused.content.measuredAt == at(100))
        #expect(running.content.elapsed(at: at(10)) == 100)
    }

    @Test("errors carry stable codes and say what to do")
    func errorMessages() {
        #expect(TransitionError.sessionEnded(.finishedEarly).code == "session_ended")
        #expect(TransitionError.sessionEnded(.finishedEarly).description.contains("finished early"))
        #expect(TransitionError.targetBelowElapsed(requestedSeconds: 180, elapsedSeconds: 200).description
            == "The target would become 3:00, but 3:20 have already passed; finish the session instead.")
        let codes = [
            TransitionError.notStarted, .alreadyStarted, .sessionEnded(.cancelled), .openEnded,
            .targetOutOfRange(requestedSeconds: 0), .targetBelowElapsed(requestedSeconds: 1, elapsedSeconds: 2),
            .invalidAdjustment(seconds: .nan),
        ].map(\.code)
        #expect(Set(codes).count == codes.count)
    }
}
