import Domain
import Fixtures
import Foundation
import Testing

@Suite("ContentState")
struct ContentStateTests {
    func at(_ seconds: Double) -> Date { InstantMother.makeInstant(secondsAfterMorning: seconds) }

    @Test("seeds/000's preview state: 125 of 300 seconds, not completed, seconds shown")
    func seedsPreviewState() {
        let state = ContentStateMother.makeInProgress()
        #expect(state.secondsElapsed == 125)
        #expect(state.targetTimeInSeconds == 300)
        #expect(!state.isCompleted)
        #expect(state.showSeconds)
        #expect(timerDisplayFromSeconds(seconds: state.elapsed(at: state.measuredAt), showSeconds: true) == "2:05")
    }

    @Test("a running state counts on from its measurement; remaining and progress follow")
    func runningArithmetic() {
        let state = ContentStateMother.makeInProgress()
        #expect(state.elapsed(at: at(135)) == 135)
        #expect(state.remaining(at: at(135)) == 165)
        #expect(state.progress(at: at(150)) == 0.5)
        #expect(state.remaining(at: at(10_000)) == 0)
        #expect(state.progress(at: at(10_000)) == 1)
        #expect(state.elapsed(at: at(0)) == 125)
    }

    @Test("open-ended states have no remaining time and no progress")
    func openEnded() {
        let state = ContentStateMother.makeOpenEnded()
        #expect(state.isOpenEnded)
        #expect(state.remaining(at: at(99_999)) == nil)
        #expect(state.progress(at: at(99_999)) == nil)
        #expect(state.completionDate == nil)
    }

    @Test("an ended state is never paused, whatever it was given")
    func endedIsNeverPaused() throws {
        let state = try ContentState(
            secondsElapsed: 10, targetTimeInSeconds: nil, showSeconds: true, isPaused: true,
            measuredAt: at(10), outcome: .cancelled)
        #expect(!state.isPaused)
        #expect(state.isEnded)
    }

    @Test("a record is made from an ended activity, not a live one")
    func records() throws {
        #expect(SessionRecord(ended: ContentStateMother.makeActivity()) == nil)
        let record = try #require(SessionRecord(ended: ContentStateMother.makeActivity(steps: [(125, .finish)])))
        #expect(record.actualSeconds == 125)
        #expect(record.plannedSeconds == 300)
        #expect(record.outcome == .finishedEarly)
        #expect(record.startedAt == InstantMother.morning)
        #expect(record.endedAt == at(125))
    }
}
