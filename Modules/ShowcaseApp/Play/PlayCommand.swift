import ArgumentParser
import Domain
import Fixtures
import LiveApp
import Rendering

/// `moments-showcase play ID`: a timer or Live Activity scenario, live. The live app's own
/// loop (``LiveApp/SessionShow``: the same screen, key handling, pushes and diff renderer
/// as `moments start` and `moments watch`) runs on preview dependencies: the real sync
/// server, on a storage in memory seeded by playing the scenario's script, and a preview
/// clock. Space pauses and the frame shows Paused through the same push path; `f`
/// finishes; `q` leaves and gives the terminal back.
struct PlayCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a timer or Live Activity scenario live, with the live app's own screen and keys.",
        discussion: """
            Timer scenarios play the timer screen of `moments start`; Live Activity scenarios \
            play `moments watch` showing that presentation. Keys work as in the app: space \
            pauses and resumes, f finishes, c cancels, + and - move the target, ? shows help, \
            q leaves. Nothing is saved: the session lives on the sync server, kept in memory.
            Example: moments-showcase play Timer/Screen/inProgress
            """)

    @Argument(help: "The scenario's id, as `moments-showcase list` shows it (a Timer or LiveActivity one).")
    var id: String

    @Flag(name: .customLong("no-tty"), help: "Print one line per change of state instead of the full screen.")
    var noTTY = false

    func run(with dependencies: ShowcaseDependencies) async throws {
        let scenario = try ScenarioLookup.scenario(id)
        guard let recipe = scenario.recipe as? SessionRecipe else {
            let playable = Catalog.all.filter { $0.recipe is SessionRecipe }.prefix(3).map(\.id).joined(separator: ", ")
            throw ShowcaseFailure(
                message: "'\(id)' is a \(scenario.kind.title) scenario, which nothing pushes to; play runs the live screens, such as \(playable). Use `moments-showcase render \(id)` to draw it.")
        }
        var settings = Settings.standard
        settings.timeDisplay = recipe.timeDisplay
        let (id, terminal, surfaces, noTTY) = (id, dependencies.terminal(), recipe.surface.activitySurfaces, noTTY)
        // The session is shown while its server runs, and what it ended as said inside too.
        try await dependencies.playback(recipe.script) { [settings] session in
            let ending = await SessionShow.run(
                session, on: terminal, settings: settings, surfaces: surfaces, noTTY: noTTY, timeZone: .utc)
            switch ending {
            case .ended:
                guard let activity = ending.endedActivity else { return }
                let phase = SessionDisplay(activity: activity, timeDisplay: settings.timeDisplay, at: session.now()).phase
                dependencies.say("\(phase.label): \(activity.attributes.name.value). Played in memory; nothing was saved.")
            case .left, .interrupted, .replaced:
                dependencies.say("Left \(id). Played in memory; nothing was saved.")
            case .refused(let error):
                throw ShowcaseFailure(message: "\(error)")
            }
        }
    }
}

extension SessionRecipe.Surface {
    /// The presentations `moments watch` shows for this surface; none for the timer,
    /// which is the owner's screen. The status line, printed once by `moments status`,
    /// plays as its nearest presentation on a screen, the island's compact pill.
    var activitySurfaces: [ActivitySurface] {
        switch self {
        case .timer: return []
        case .lock: return [.lock]
        case .compactLeading, .compactTrailing, .statusLine: return [.compact]
        case .minimal: return [.minimal]
        case .expanded: return [.expanded]
        }
    }
}
