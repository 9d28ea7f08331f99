import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering

/// The inputs of `moments`' icon in the dock: a scripted session (a ``SessionRecipe``, so
/// every state comes from the same Mothers as the banner's), or no session at all. The
/// content is made by `SessionDockEntry.content(of:at:)`, exactly as `moments notify`
/// makes it.
public struct DockEntryRecipe: ControlledRecipe, Hashable {
    /// The session shown.
    public var session: SessionRecipe
    /// Whether there is no session (nothing was sent: the bare icon).
    public var closed: Bool

    /// An entry of `session`'s state.
    public init(_ session: SessionRecipe = SessionRecipe(.lock), closed: Bool = false) {
        self.session = session
        self.closed = closed
    }

    public static let controls: [RecipeControl<DockEntryRecipe>] = [
        .number("plannedSeconds", "Planned seconds (under 1: open-ended)", \.session.plannedSeconds, range: 0...SessionLimits.maximumActivityDuration, step: 60),
        .choice("moment", "Moment", \.session.moment, options: SessionScript.Moment.names),
        .number("elapsed", "Seconds sat at that moment", \.session.elapsed, range: 0...SessionLimits.maximumActivityDuration, step: 5),
        .number("viewedAfter", "Seconds since the last push", \.session.viewedAfter, range: 0...SessionLimits.maximumActivityDuration, step: 5),
        .toggle("closed", "No session", \.closed),
    ]

    /// What the icon shows, or `nil` with no session.
    public var content: DockEntryContent? {
        closed ? nil : SessionDockEntry.content(of: session.display, at: instant)
    }

    public var instant: Date { session.instant }

    public var provenance: Provenance {
        closed ? .unreachable(reason: "with no session nothing is pushed: the icon is bare") : session.provenance
    }

    public var fixture: String {
        if closed { return "nil as DockEntryContent?" }
        var arguments = MotherArguments()
        arguments.add("of", code: session.fixture)
        arguments.add("at", code: "SessionScriptMother.makeScript().shownAt")
        return SwiftLiteral.call("SessionDockEntry.content", arguments.list)
    }

    public func view() -> AnyView { DockEntryCard(content: content).erased }
}

/// The dock's icon in every state of the Live Activity's scenarios, and with no session.
enum DockEntryScenarios {
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        SessionScenarios.states(.lock).map { Scenario(kind, $0.0, $0.1, DockEntryRecipe($0.2)) }
            + [Scenario(kind, "noSession", "No session: the bare icon", DockEntryRecipe(closed: true))]
    }
}
