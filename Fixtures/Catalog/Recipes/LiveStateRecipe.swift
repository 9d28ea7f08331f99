import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The inputs of the states only the live app's loop shows: a session screen
/// (`SessionScreen`) over a ``PreviewSessionScreenModel`` in one named state,
/// as the owner's timer screen or as a watcher's presentations.
public struct LiveStateRecipe: ControlledRecipe, Hashable {
    /// What the screen shows: the owner's timer, or `moments watch --presentation`.
    public enum Presentation: String, Hashable, Sendable, CaseIterable {
        case timer, lock, compact, minimal, expanded, all

        /// The surfaces a watcher shows; none for the owner's timer screen.
        public var surfaces: [ActivitySurface] {
            self == .timer ? [] : ActivitySurface(rawValue: rawValue).map { [$0] } ?? ActivitySurface.allCases
        }
    }

    /// The named state of the model.
    public var state: PreviewSessionScreenModel.State
    /// The screen it is shown on.
    public var presentation: Presentation

    /// A recipe of `state` on `presentation`.
    public init(_ state: PreviewSessionScreenModel.State, on presentation: Presentation = .timer) {
        self.state = state
        self.presentation = presentation
    }

    public static let controls: [RecipeControl<LiveStateRecipe>] = [
        .choice("state", "State", \.state),
        .choice("presentation", "Shown on", \.presentation),
    ]

    /// The model shown: the owner's on the timer screen, a watcher's on presentations.
    public var model: PreviewSessionScreenModel {
        PreviewSessionScreenModel(state, isOwner: presentation == .timer)
    }

    public var instant: Date { PreviewSessionScreenModel.script(for: state).shownAt }

    public var provenance: Provenance { .liveOnly }

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add("", code: "." + state.rawValue)
        arguments.add("isOwner", presentation == .timer, default: true) { String($0) }
        let model = SwiftLiteral.call("PreviewSessionScreenModel", arguments.list)
        let surfaces = presentation.surfaces.map { "." + $0.rawValue }.joined(separator: ", ")
        return "SessionScreen(model: \(model), surfaces: [\(surfaces)])"
    }

    public func view() -> AnyView {
        SessionScreen(model: model, surfaces: presentation.surfaces).erased
    }
}
