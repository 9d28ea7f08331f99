import Domain
import Fixtures
import Rendering
import Testing

/// The timer screen degrades in steps as the terminal shrinks, and shows the time the
/// state and the environment's instant give, as `Text(timerInterval:)` would.
struct TimerScreenTests {
    static let screen = TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints())

    @Test("the layout steps down with the terminal", arguments: [
        (200, 60, TimerScreen.Layout.boxed(.large)), (80, 24, .boxed(.large)), (60, 18, .boxed(.large)), (60, 17, .boxed(.medium)),
        (40, 12, .boxed(.small)), (20, 5, .unboxed(.small)), (12, 3, .text), (8, 1, .timeOnly), (1, 1, .timeOnly),
    ])
    func steps(width: Int, height: Int, expected: TimerScreen.Layout) {
        #expect(Self.screen.layout(for: Size(width: width, height: height), in: Rendered.environment()) == expected)
    }

    @Test("larger text sizes ask for larger digits; small text caps them")
    func textSizes() {
        let size = Size(width: 200, height: 60)
        #expect(Self.screen.layout(for: size, in: Rendered.environment(textSize: .large)) == .boxed(.extraLarge))
        #expect(Self.screen.layout(for: size, in: Rendered.environment(textSize: .small)) == .boxed(.medium))
    }

    @Test("the time alone, centred, when nothing else fits")
    func timeOnly() {
        #expect(Rendered.lines(Self.screen, width: 8, height: 1) == ["  2:05  "])
        #expect(Rendered.lines(Self.screen, width: 3, height: 1) == ["2:…"])
    }

    @Test("a running timer moves with the environment's instant, a paused one does not")
    func instant() {
        let running = SessionDisplayMother.makeDisplay()
        let paused = SessionDisplayMother.makeDisplay(content: ContentStateMother.makePaused())
        #expect(running.timeText(at: InstantMother.makeInstant(secondsAfterMorning: 125)) == "2:05")
        #expect(running.timeText(at: InstantMother.makeInstant(secondsAfterMorning: 186)) == "3:06")
        #expect(paused.timeText(at: InstantMother.makeInstant(secondsAfterMorning: 186)) == "2:05")
        let later = Rendered.environment(secondsAfterMorning: 186)
        #expect(Rendered.lines(TimerScreen(session: running, hints: KeyHintMother.makeTimerHints()), width: 8, height: 1, environment: later) == ["  3:06  "])
    }

    @Test("remaining time counts down when preferred and there is a target")
    func remaining() {
        let now = InstantMother.makeInstant(secondsAfterMorning: 125)
        #expect(SessionDisplayMother.makeDisplay(timeDisplay: .remaining).timeText(at: now) == "2:55")
        #expect(SessionDisplayMother.makeDisplay(timeDisplay: .remaining).caption == "left of 5:00")
        let open = SessionDisplayMother.makeDisplay(content: ContentStateMother.makeOpenEnded(), timeDisplay: .remaining)
        #expect(open.timeText(at: now) == "42:00")
        #expect(open.caption == "open-ended")
    }

    @Test("minutes only when seconds are hidden, through the domain's formatter")
    func minutes() {
        let hidden = SessionDisplayMother.makeDisplay(content: ContentStateMother.makeInProgress(showSeconds: false))
        #expect(hidden.timeText(at: InstantMother.morning) == "2 min")
        #expect(BigDigits.naturalSize(of: "2 min", size: .small).height == 3)
    }

    @Test("phases follow the state and the connection", arguments: [
        (SessionDisplayMother.makeDisplay(), SessionPhase.running), (SessionDisplayMother.makeDisplay(content: ContentStateMother.makePaused()), .paused),
        (SessionDisplayMother.makeDisplay(content: ContentStateMother.makeCompleted()), .completed),
        (SessionDisplayMother.makeDisplay(content: ContentStateMother.makeFinishedEarly()), .finishedEarly),
        (SessionDisplayMother.makeDisplay(content: ContentStateMother.makeCancelled()), .cancelled),
        (SessionDisplayMother.makeDisplay(reconnecting: true), .reconnecting), (SessionDisplayMother.makeDisplay(content: ContentStateMother.makeInProgress(), connection: .stale), .stale),
    ])
    func phases(session: SessionDisplay, expected: SessionPhase) {
        #expect(session.phase == expected)
    }

    @Test("an activity past its stale date displays as stale")
    func staleActivity() {
        let activity = ContentStateMother.makeActivity()
        let later = InstantMother.makeInstant(secondsAfterMorning: 300 + 61)
        #expect(SessionDisplay(activity: activity, timeDisplay: .elapsed, at: later).connection == .stale)
        #expect(SessionDisplay(activity: activity, timeDisplay: .elapsed, at: InstantMother.morning).connection == .live)
        #expect(SessionDisplay(activity: activity, timeDisplay: .elapsed, reconnecting: true, at: later).connection == .reconnecting)
    }
}
