#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The whole screen of a session as a terminal shows it, from its model: "Connecting…"
/// before the first state, then the timer screen for the session's owner or the chosen
/// Live Activity presentations for a watcher. The one place that choice is made, so the
/// live app, `moments-showcase play` and the catalog draw the same frame for the same
/// model.
public struct SessionScreen<Model: SessionScreenModel>: CompositeView {
    /// What is shown.
    public let model: Model
    /// The presentations a watcher shows; empty for the owner's timer screen.
    public let surfaces: [ActivitySurface]

    /// The screen of `model`, as the timer screen (`surfaces` empty) or the watch screen.
    public init(model: Model, surfaces: [ActivitySurface]) {
        self.model = model
        self.surfaces = surfaces
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let screen = self.screen(at: environment.now)
        guard let panel = model.panel else { return screen }
        return ZStack([screen, KeyPanel(title: "Keys", keys: panel)]).erased
    }

    /// The screen beneath any panel.
    private func screen(at now: Date) -> AnyView {
        guard let session = model.session(at: now) else {
            return ConnectingScreen(problem: model.problem, hints: model.hints).erased
        }
        if surfaces.isEmpty { return TimerScreen(session: session, hints: model.hints).erased }
        return WatchScreen(
            session: session, surfaces: surfaces, buttons: model.buttons, hints: model.hints, problem: model.problem).erased.erased
    }
}
