@testable import LiveApp
import Domain
import Fixtures
import Rendering
import Testing

/// The guarantee of seeds/000: for every Live Activity and timer scenario, the state the
/// real server pushes to an observer, drawn as the live app draws it, is exactly the frame
/// the showcase draws, cell for cell.
///
/// The live side never reads the scenario's activity: it plays the scenario's script
/// through ``LivePlayback``, hands what the observer took to the live app's own screen
/// model (`LiveScreenModel`, as `moments start` and `moments watch` do), and draws what
/// the live app draws with its display and keys: ``Rendering/TimerScreen``, or the
/// surface's view (``Rendering/ActivitySurface``) at the surface's full size. Scenarios no push can produce are exempt by the flag the
/// catalog gives them (``Fixtures/Provenance/unreachable(reason:)``), not by a list here.
@Suite(.timeLimit(.minutes(2)))
struct ConsistencyTests {
    @Test("the live frame of every pushed state is the showcase's frame", arguments: Catalog.all.filter(\.kind.isPushDriven))
    func sameFrame(scenario: Scenario) async throws {
        let script: SessionScript
        switch scenario.provenance {
        case .notPushed:
            Issue.record("\(scenario.id) draws pushed state but its catalog entry says nothing is pushed to it")
            return
        case .unreachable(let reason):
            #expect(!reason.isEmpty, "\(scenario.id) is exempt without saying why")
            return
        case .pushed(let played):
            script = played
        }
        let recipe = try #require(scenario.recipe as? SessionRecipe)
        var model = LiveScreenModel(isOwner: true)
        model.receive(try await LivePlayback.play(script))
        let display = try #require(model.display(timeDisplay: recipe.timeDisplay, at: script.shownAt))
        let hints = model.hints(for: display.phase)

        for variant in Variant.snapshots {
            let environment = variant.environment(now: script.shownAt)
            let (view, size, origin) = Self.liveView(of: recipe.surface, display, hints: hints)
            let live = Frame(rendering: view, width: size.width, height: size.height, environment: environment)
            let shown = scenario.frame(variant)
            if let difference = Self.difference(live, at: origin, shown) {
                Issue.record("\(scenario.id), \(variant.label(for: scenario)): \(difference)")
            }
        }
    }

    /// The view the live app draws for a surface, its size, and where in it the showcase's
    /// frame sits: the compact sides are the two ends of the compact pill.
    static func liveView(of surface: SessionRecipe.Surface, _ display: SessionDisplay, hints: [KeyHint]) -> (AnyView, Size, Point) {
        let top = Point(x: 0, y: 0)
        let compact = ActivitySurface.compact
        switch surface {
        case .timer: return (TimerScreen(session: display, hints: hints).erased, ViewKind.timerScreen.naturalSize, top)
        case .lock: return (ActivitySurface.lock.view(display), ActivitySurface.lock.size, top)
        case .compactLeading: return (compact.view(display), compact.size, top)
        case .compactTrailing:
            let x = compact.size.width - PresentationBudget.compactTrailing.width
            return (compact.view(display), compact.size, Point(x: x, y: 0))
        case .minimal: return (ActivitySurface.minimal.view(display), ActivitySurface.minimal.size, top)
        case .expanded: return (ActivitySurface.expanded.view(display), ActivitySurface.expanded.size, top)
        }
    }

    /// The first cell where `shown` differs from `live` read from `origin`, in words, or `nil`.
    static func difference(_ live: Frame, at origin: Point, _ shown: Frame) -> String? {
        guard origin.x + shown.width <= live.width, origin.y + shown.height <= live.height else {
            return "the showcase's \(shown.width)×\(shown.height) frame does not fit the live \(live.width)×\(live.height) at \(origin)"
        }
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let mine = shown[x, y]
                let theirs = live[origin.x + x, origin.y + y]
                if mine.isContinuation != theirs.isContinuation || shown.text(of: mine) != live.text(of: theirs)
                    || mine.style != theirs.style
                {
                    return "cell (\(x), \(y)) shows \(shown.text(of: mine).debugDescription) in \(mine.style), the live app \(live.text(of: theirs).debugDescription) in \(theirs.style)\nshowcase:\n\(shown.lines.joined(separator: "\n"))\nlive:\n\(live.lines.joined(separator: "\n"))"
                }
            }
        }
        return nil
    }
}
