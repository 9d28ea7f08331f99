import Domain
import Fixtures
@testable import LiveApp
import Rendering
import TestSupport
import Testing

/// ``ConsistencyTests`` over the real transport (issue 54, item 10): every push-driven
/// scenario of a screen is played through a real HTTP server on 127.0.0.1 (its intents
/// over HTTP, its pushes as server-sent events read by the real client), the state the
/// observer took is drawn by the live app's own screen model and screen, written by the
/// live app's ``Rendering/DiffRenderer`` as the bytes a terminal receives, and those bytes
/// are read back into a grid by a ``TestSupport/VirtualTerminal``. The grid must show the
/// showcase's frame, cell for cell.
@Suite("The live frame over HTTP and SSE, as a terminal shows it, is the showcase's", .servedFirst, .timeLimit(.minutes(3)))
struct TransportConsistencyTests {
    /// The push-driven scenarios of a terminal screen: the status line and the
    /// notification have their own surfaces, checked in process.
    static let screens = Catalog.all.filter { scenario in
        guard scenario.kind.isPushDriven, case .pushed = scenario.provenance,
            let recipe = scenario.recipe as? SessionRecipe
        else { return false }
        return recipe.surface != .statusLine
    }

    @Test("the catalog has push-driven screens to play over HTTP")
    func screensExist() {
        #expect(Self.screens.count >= 20, "only \(Self.screens.count) push-driven screens")
    }

    @Test("the terminal's grid of the state pushed over HTTP is the showcase's frame", arguments: screens)
    func sameGridOverHTTP(scenario: Scenario) async throws {
        guard case .pushed(let script) = scenario.provenance, let recipe = scenario.recipe as? SessionRecipe else { return }
        let (surfaces, origin) = ConsistencyTests.placement(of: recipe.surface)
        var model = LiveScreenModel(isOwner: surfaces.isEmpty, timeDisplay: recipe.timeDisplay)
        model.receive(try await HTTPPlayback.play(script))

        let variant = try #require(Variant.snapshots.first)
        let environment = variant.environment(now: script.shownAt)
        let screen = SessionScreen(model: model, surfaces: surfaces)
        let size = surfaces.isEmpty
            ? ViewKind.timerScreen.naturalSize : screen.size(for: Size(width: 200, height: 100), in: environment)
        let live = Frame(rendering: screen, width: size.width, height: size.height, environment: environment)
        // The bytes the live app writes for its first frame, read back as a terminal would.
        var terminal = VirtualTerminal(width: size.width, height: size.height)
        terminal.feed(DiffRenderer(depth: .trueColor).update(from: nil, to: live))
        #expect(terminal.shows(live), "\(scenario.id): the terminal shows\n\(terminal.text)\nwhere the live app drew\n\(live.lines.joined(separator: "\n"))")

        let shown = scenario.frame(variant)
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let cell = terminal.cells[(origin.y + y) * terminal.width + origin.x + x]
                let expected = shown[x, y]
                guard cell.continuation == expected.isContinuation, cell.continuation || cell.text == shown.text(of: expected)
                else {
                    Issue.record(
                        "\(scenario.id): the terminal's cell (\(x), \(y)) shows \(cell.text.debugDescription), the showcase \(shown.text(of: expected).debugDescription)\nterminal:\n\(terminal.text)\nshowcase:\n\(shown.lines.joined(separator: "\n"))")
                    return
                }
            }
        }
        #expect(ConsistencyTests.difference(live, at: origin, shown) == nil, "\(scenario.id): the styles differ")
    }
}
