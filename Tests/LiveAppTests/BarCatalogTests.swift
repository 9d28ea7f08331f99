import Domain
import Fixtures
import LiveApp
import Rendering
import Testing

/// `moments bar` in-process, on the real server over a preview storage and clock: the line
/// it writes for a pushed state is, byte for byte, the one the catalog renders for the same
/// state, in each of its formats (the i3 forms wrapped as their protocols ask).
@Suite(.timeLimit(.minutes(1)))
struct BarCatalogTests {
    typealias App = InProcessCommandTests.App

    @Test(
        "bar writes exactly what the catalog renders for the same pushed state",
        arguments: ["inProgress", "paused", "completed", "finishedEarly", "cancelled", "stale", "openEnded", "bellRinging"])
    func sameAsCatalog(state: String) async throws {
        let scenario = try #require(Catalog.scenario(id: "StatusBars/Line/" + state))
        let recipe = try #require(scenario.recipe as? SessionRecipe)
        guard case .pushed(let script) = recipe.provenance else {
            Issue.record("\(scenario.id) is not a pushed state")
            return
        }
        let line = StatusLine(session: recipe.display)
        let expected: [(format: String, written: String)] = [
            ("waybar", line.text(.waybar, at: recipe.instant) + "\n"),
            ("polybar", line.text(.polybar, at: recipe.instant) + "\n"),
            ("plain", line.text(.plain, at: recipe.instant) + "\n"),
            ("json", line.text(.json, at: recipe.instant) + "\n"),
            ("i3blocks", line.text(.i3bar, at: recipe.instant) + "\n"),
            ("i3bar", #"{"version":1,"click_events":true}"# + "\n[\n[" + line.text(.i3bar, at: recipe.instant) + "],\n"),
        ]
        for (format, written) in expected {
            let (app, _) = try await StatusCommandTests.app(playing: script)
            let bar = app.start(["bar", "--format", format])
            var output = ""
            for await text in app.console.outputs {
                output += text
                if output.count >= written.count { break }
            }
            bar.cancel()
            _ = await bar.value
            #expect(output == written, "\(format)")
        }
        let (app, _) = try await StatusCommandTests.app(playing: script)
        let bar = app.start(["bar", "--format", "tmux"])
        let option = "@moments"
        while app.tmux.values(of: option).isEmpty { await Task.yield() }
        bar.cancel()
        _ = await bar.value
        #expect(app.tmux.values(of: option).first == line.text(.tmux, at: recipe.instant))
    }

    @Test("a bar flashes a bell in its line and, the first on the machine to claim it, sounds it once; --silent only shows it")
    func bells() async throws {
        let recipe = try #require(Catalog.scenario(id: "StatusBars/Line/bellRinging")?.recipe as? SessionRecipe)
        guard case .pushed(let script) = recipe.provenance else {
            Issue.record("the bell scenario is not a pushed state")
            return
        }
        for silent in [false, true] {
            let (app, _) = try await StatusCommandTests.app(playing: script)
            let bar = app.start(["bar", "--format", "plain"] + (silent ? ["--silent"] : []))
            var output = ""
            for await text in app.console.outputs {
                output += text
                if output.contains("\n") { break }
            }
            #expect(output.hasPrefix("🔔 "), "the bell flashes: \(output)")
            bar.cancel()
            _ = await bar.value
            #expect(app.bellSound.rings == (silent ? [] : [PreviewBellSound.Ring(strikes: 1)]))
            #expect(app.runtime.claimedBells.count == (silent ? 0 : 1))
        }
    }
}
