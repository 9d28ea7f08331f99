import Domain
import Fixtures
import Rendering
import ShowcaseApp
import ShowcaseComposition
import Testing

/// The DocC examples of Fixtures and ShowcaseApp, run with the suite: DocCExamplesTests
/// checks each article holds its code word for word.
@Suite("DocC: Fixtures' and ShowcaseApp's examples run")
struct ShowcaseDocCExampleTests {
    @Test("a Mother Object, the catalog's scenario of the same state, and its frame")
    func fixturesOverview() {
        // The example leaves early if the scenario is gone: that fails here instead.
        #expect(Catalog.scenario(id: "LiveActivity/LockScreen/paused") != nil)
        // DocC example: Fixtures.docc/Fixtures.md
        // Mother Objects: a five-minute sit paused 2:05 in, as the intents and instants that
        // lead there, and what the session views show of it at the instant it is shown.
        let script = SessionScriptMother.makeScript(moment: .paused(elapsed: 125))
        let display = SessionDisplayMother.makeDisplay(script: script)
        print(display.name, display.content.isPaused)  // Morning sit true

        // The catalog's scenario of that state on the lock screen, found by its id; its
        // fixture is the Mother call that makes it, as Swift source.
        guard let scenario = Catalog.scenario(id: "LiveActivity/LockScreen/paused") else { return }
        print(scenario.fixture.hasSuffix("makeScript(moment: .paused(elapsed: 125)))"))  // true

        // Drawn at the lock screen's own size, 50 × 8, without colour.
        let frame = scenario.frame(Variant(depth: .monochrome))
        print(frame.width, frame.height)  // 50 8
        print(PlainEncoder().encode(frame))
        // End of DocC example
        #expect(display.name == "Morning sit" && display.content.isPaused)
        #expect(scenario.fixture == "SessionDisplayMother.makeDisplay(script: SessionScriptMother.makeScript(moment: .paused(elapsed: 125)))")
        #expect(frame.width == 50 && frame.height == 8)
        let text = PlainEncoder().encode(frame)
        for shown in ["Morning sit", "‖ Paused", "of 5:00", "41%", "[space] Resume", "[f] Finish"] {
            #expect(text.contains(shown), "\(shown) in:\n\(text)")
        }
    }

    @Test("render, run in-process on the showcase's composition, prints the catalog's frame into a pipe")
    func showcaseOverview() async {
        // The example leaves early if the scenario is gone: that fails here instead.
        #expect(Catalog.scenario(id: "LiveActivity/LockScreen/paused") != nil)
        // DocC example: ShowcaseApp.docc/ShowcaseApp.md
        // `moments-showcase render` in-process, on the showcase's own composition: what it
        // writes to standard output and error is kept here, as a pipe would receive it.
        let (written, writer) = AsyncStream.makeStream(of: String.self)
        let dependencies = ShowcaseRoot.dependencies(
            environment: [:], outputIsTerminal: false, output: { writer.yield($0) }, errors: { writer.yield($0) })
        let status = await ShowcaseApp.run(["render", "LiveActivity/LockScreen/paused"], with: dependencies)
        writer.finish()
        var output = ""
        for await text in written { output += text }

        // Into a pipe it prints plain text: the catalog's own frame of that scenario.
        guard let scenario = Catalog.scenario(id: "LiveActivity/LockScreen/paused") else { return }
        let frame = PlainEncoder().encode(scenario.frame(Variant(depth: .monochrome)))
        print(status, output == frame + "\n")  // 0 true
        // End of DocC example
        #expect(status == 0, "\(output)")
        #expect(output == frame + "\n", "\(output)")
        #expect(!output.contains("\u{1B}"), "no escape into a pipe")
        #expect(output.contains("Morning sit") && output.contains("‖ Paused"))
    }
}
