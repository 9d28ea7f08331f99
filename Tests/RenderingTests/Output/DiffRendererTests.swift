import Fixtures
import Rendering
import TestSupport
import Testing

/// The diff renderer's output, replayed on a virtual terminal, always leaves the screen
/// showing the new frame, and writes little when little changed.
struct DiffRendererTests {
    static let renderer = DiffRenderer(depth: .trueColor)

    static func frame(_ view: some View, _ width: Int, _ height: Int, after seconds: Double = 125) -> Frame {
        Frame(rendering: view, width: width, height: height, environment: Rendered.environment(secondsAfterMorning: seconds))
    }

    @Test("a first update clears the screen and draws everything")
    func first() {
        let next = Self.frame(TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints()), 40, 12)
        let bytes = Self.renderer.update(from: nil, to: next)
        #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        var terminal = VirtualTerminal(width: 40, height: 12)
        terminal.feed(bytes)
        #expect(terminal.shows(next))
    }

    @Test("nothing changed, nothing written")
    func unchanged() {
        let frame = Self.frame(TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints()), 40, 12)
        #expect(Self.renderer.update(from: frame, to: frame).isEmpty)
    }

    @Test("one second's tick rewrites a few cells", arguments: [Size(width: 80, height: 24), Size(width: 200, height: 50)])
    func tick(size: Size) {
        let session = SessionDisplayMother.makeDisplay(content: ContentStateMother.makeInProgress(elapsed: 125))
        let before = Self.frame(TimerScreen(session: session, hints: KeyHintMother.makeTimerHints()), size.width, size.height, after: 125)
        let after = Self.frame(TimerScreen(session: session, hints: KeyHintMother.makeTimerHints()), size.width, size.height, after: 126)
        let bytes = Self.renderer.update(from: before, to: after)
        #expect(!bytes.isEmpty)
        #expect(bytes.utf8.count < 400, "a tick wrote \(bytes.utf8.count) bytes")
        var terminal = VirtualTerminal(width: size.width, height: size.height)
        terminal.feed(Self.renderer.update(from: nil, to: before))
        terminal.feed(bytes)
        #expect(terminal.shows(after))
    }

    @Test("a resize redraws the whole screen")
    func resize() {
        let before = Self.frame(TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints()), 40, 12)
        let after = Self.frame(TimerScreen(session: SessionDisplayMother.makeDisplay(), hints: KeyHintMother.makeTimerHints()), 30, 10)
        #expect(Self.renderer.update(from: before, to: after).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test("wide clusters are never split, whichever frame had them")
    func wide() {
        var before = Frame(width: 6, height: 1)
        before.put("中", cells: 2, x: 1, y: 0, style: .plain)
        var after = Frame(width: 6, height: 1)
        after.put("a", cells: 1, x: 2, y: 0, style: .plain)
        after.put("文", cells: 2, x: 4, y: 0, style: .plain)
        var terminal = VirtualTerminal(width: 6, height: 1)
        terminal.feed(Self.renderer.update(from: nil, to: before))
        terminal.feed(Self.renderer.update(from: before, to: after))
        #expect(terminal.shows(after))
        terminal.feed(Self.renderer.update(from: after, to: before))
        #expect(terminal.shows(before))
    }

    @Test("every change between the scenarios of each view replays exactly", arguments: ViewKind.allCases)
    func transitions(kind: ViewKind) {
        let scenarios = Catalog.scenarios(for: kind)
        let size = kind.naturalSize
        var terminal = VirtualTerminal(width: size.width, height: size.height)
        var previous: Frame?
        for scenario in scenarios + scenarios.reversed() {
            let next = scenario.frame()
            terminal.feed(Self.renderer.update(from: previous, to: next))
            #expect(terminal.shows(next), "\(scenario.id)")
            previous = next
        }
    }
}
