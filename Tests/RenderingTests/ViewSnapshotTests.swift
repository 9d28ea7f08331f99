import Fixtures
import Foundation
import Rendering
import SnapshotTesting
import Testing

/// Golden text of what the catalog's snapshots (Tests/ShowcaseTests) do not cover: the
/// timer's steps of degradation, its text sizes, and each encoder's output.
///
/// Deterministic by construction: the fixtures' morning as the instant, UTC, `en_US_POSIX`
/// (``Rendered/environment(scheme:textSize:depth:secondsAfterMorning:)``). Files live in
/// `__Snapshots__/ViewSnapshotTests/`, one per test and argument (`timerScreen-size.40x12.txt`).
/// To re-record, run with `SNAPSHOT_TESTING_RECORD=all` (or `failed` to re-record only
/// the failing ones), then review the diff before committing.
struct ViewSnapshotTests {
    @Test("the timer screen at each step of its degradation", arguments: [
        Size(width: 200, height: 60), Size(width: 120, height: 40), Size(width: 60, height: 17),
        Size(width: 40, height: 12), Size(width: 20, height: 5), Size(width: 12, height: 3), Size(width: 8, height: 1),
    ])
    func timerSizes(size: Size) {
        let screen = TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints())
        assertSnapshot(
            of: Rendered.text(screen, width: size.width, height: size.height), as: .lines,
            named: size.description, testName: "timerScreen.size")
    }

    @Test("the timer screen in every text size", arguments: TextSize.allCases)
    func textSizes(textSize: TextSize) {
        let screen = TimerScreen(session: SessionDisplayMother.makeDisplay(content: ContentStateMother.makeHoursLong(), name: "Long sit"), hints: KeyHintMother.makeTimerHints(content: ContentStateMother.makeHoursLong()))
        let text = Rendered.text(screen, width: 120, height: 36, environment: Rendered.environment(textSize: textSize))
        assertSnapshot(of: text, as: .lines, named: "\(textSize)", testName: "timerScreen.textSize")
    }

    @Test("ANSI at every colour depth, escapes shown as ␛", arguments: ColorDepth.allCases)
    func ansi(depth: ColorDepth) {
        let frame = Frame(
            rendering: LockScreenBanner(session: SessionDisplayMother.makeDisplay(), buttons: KeyHintMother.makeButtons()), width: 50, height: 8,
            environment: Rendered.environment(depth: depth))
        let text = ANSIEncoder(depth: depth).encode(frame).replacingOccurrences(of: "\u{1B}", with: "␛")
        assertSnapshot(of: text, as: .lines, named: "\(depth)", testName: "lockScreen.ansi")
    }

    @Test("HTML in both schemes", arguments: ColorScheme.allCases)
    func html(scheme: ColorScheme) {
        let environment = Rendered.environment(scheme: scheme)
        let frame = Frame(rendering: MediumWidget(todayMinutes: 25, streakDays: 7, presets: PresetOptionMother.makePresets()),
                          width: 46, height: 11, environment: environment)
        assertSnapshot(of: HTMLEncoder(palette: scheme.palette).encode(frame), as: .lines, named: "\(scheme)", testName: "widgetMedium.html")
    }
}
