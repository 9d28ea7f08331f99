import Fixtures
import Rendering
import Testing

/// Live Activity presentations keep to their budgets whatever they are offered, and show
/// what the platform's would.
struct PresentationTests {
    @Test("every presentation answers at most its budget", arguments: ViewKind.allCases.filter { $0.budget != nil })
    func budgets(kind: ViewKind) {
        let budget = kind.budget!
        for sample in Samples.all where sample.kind == kind {
            #expect(Rendered.size(sample.view, width: 200, height: 60).fits(in: budget), "\(sample.name)")
        }
    }

    @Test("the compact sides and minimal show a ring, the name and the time")
    func compact() {
        let session = Samples.session()
        #expect(Rendered.lines(CompactLeading(session: session), width: 8, height: 1) == ["◑ Morni…"])
        #expect(Rendered.lines(CompactTrailing(session: session), width: 8, height: 1) == ["    2:05"])
        #expect(Rendered.lines(MinimalPresentation(session: session), width: 3, height: 1) == [" ◑ "])
    }

    @Test("the lock screen offers Pause or Resume and Finish as labelled keys")
    func lockScreenHints() {
        let running = Rendered.text(LockScreenBanner(session: Samples.session()), width: 50, height: 8)
        #expect(running.contains("[space] Pause  [f] Finish"))
        let paused = Rendered.text(LockScreenBanner(session: Samples.session(ContentStateMother.makePaused())), width: 50, height: 8)
        #expect(paused.contains("[space] Resume  [f] Finish"))
    }

    @Test("an ended session says how it ended instead of offering keys")
    func ended() {
        let text = Rendered.text(LockScreenBanner(session: Samples.session(ContentStateMother.makeCompleted())), width: 50, height: 8)
        #expect(text.contains("Completed · sat 5:00"))
    }

    @Test("offered a larger space, a presentation stays in its budget at the top left")
    func larger() {
        let lines = Rendered.lines(MinimalPresentation(session: Samples.session()), width: 6, height: 2)
        #expect(lines == [" ◑    ", "      "])
    }
}
