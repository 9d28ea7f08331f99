import Fixtures
import Rendering
import Testing

/// Live Activity presentations keep to their budgets whatever they are offered, and show
/// what the platform's would.
struct PresentationTests {
    @Test("every presentation answers at most its budget", arguments: ViewKind.allCases.filter { $0.budget != nil })
    func budgets(kind: ViewKind) {
        let budget = kind.budget!
        for scenario in Catalog.scenarios(for: kind) {
            #expect(Rendered.size(scenario.view(), width: 200, height: 60).fits(in: budget), "\(scenario.id)")
        }
    }

    @Test("the compact sides and minimal show a ring, the name and the time")
    func compact() {
        let session = SessionDisplayMother.makeDisplay()
        #expect(Rendered.lines(CompactLeading(session: session), width: 8, height: 1) == ["◑ Morni…"])
        #expect(Rendered.lines(CompactTrailing(session: session), width: 8, height: 1) == ["    2:05"])
        #expect(Rendered.lines(MinimalPresentation(session: session), width: 3, height: 1) == [" ◑ "])
    }

    @Test("every activity surface fits its size and draws the presentation it names", arguments: ActivitySurface.allCases)
    func surfaces(surface: ActivitySurface) {
        let session = SessionDisplayMother.makeDisplay()
        #expect(Rendered.size(surface.view(session, buttons: KeyHintMother.makeButtons(content: session.content)), width: 200, height: 60).fits(in: surface.size))
        let expected: AnyView
        switch surface {
        case .lock: expected = LockScreenBanner(session: session, buttons: KeyHintMother.makeButtons()).erased
        case .compact: expected = CompactLeading(session: session).erased
        case .minimal: expected = MinimalPresentation(session: session).erased
        case .expanded: expected = ExpandedPresentation(session: session, buttons: KeyHintMother.makeButtons()).erased
        }
        let size = surface == .compact ? PresentationBudget.compactLeading : surface.size
        let drawn = Rendered.lines(surface.view(session, buttons: KeyHintMother.makeButtons(content: session.content)), width: surface.size.width, height: surface.size.height)
        let alone = Rendered.lines(expected, width: size.width, height: size.height)
        #expect(zip(drawn, alone).allSatisfy { $0.hasPrefix($1) })
    }

    @Test("the compact pill keeps the camera's gap between its two sides")
    func compactPill() {
        let lines = Rendered.lines(ActivitySurface.compact.view(SessionDisplayMother.makeDisplay(), buttons: KeyHintMother.makeButtons()), width: 18, height: 1)
        #expect(lines == ["◑ Morni…      2:05"])
    }

    @Test("the lock screen offers Pause or Resume and Finish as labelled keys")
    func lockScreenHints() {
        let running = Rendered.text(LockScreenBanner(session: SessionDisplayMother.makeDisplay(), buttons: KeyHintMother.makeButtons()), width: 50, height: 8)
        #expect(running.contains("[space] Pause  [f] Finish"))
        let paused = Rendered.text(LockScreenBanner(session: SessionDisplayMother.makeDisplay(content: ContentStateMother.makePaused()), buttons: KeyHintMother.makeButtons(content: ContentStateMother.makePaused())), width: 50, height: 8)
        #expect(paused.contains("[space] Resume  [f] Finish"))
    }

    @Test("an ended session says how it ended instead of offering keys")
    func ended() {
        let text = Rendered.text(LockScreenBanner(session: SessionDisplayMother.makeDisplay(content: ContentStateMother.makeCompleted()), buttons: KeyHintMother.makeButtons(content: ContentStateMother.makeCompleted())), width: 50, height: 8)
        #expect(text.contains("Completed · sat 5:00"))
    }

    @Test("offered a larger space, a presentation stays in its budget at the top left")
    func larger() {
        let lines = Rendered.lines(MinimalPresentation(session: SessionDisplayMother.makeDisplay()), width: 6, height: 2)
        #expect(lines == [" ◑    ", "      "])
    }
}
