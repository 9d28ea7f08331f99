import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering

/// The inputs of the lock screen's media player: a scripted session (a ``SessionRecipe``,
/// so every state comes from the same Mothers as the banner's), whether its controls work
/// (not for a group sit's follower), an intent waiting for its answer, or no session at
/// all. The content is made by `SessionMediaPlayer.content(of:at:pending:controls:)`,
/// exactly as `moments notify` makes it.
public struct MediaPlayerRecipe: SessionSurfaceRecipe, Hashable {
    /// The session shown.
    public var session: SessionRecipe
    /// Whether the player's buttons change the session: false for a follower of a group sit.
    public var controls: Bool
    /// The intent sent and not yet answered: `none`, or one of ``pendingOptions``.
    public var pending: String
    /// Whether there is no session (no player on the bus).
    public var closed: Bool

    /// The intents the player's buttons send, by name.
    public static let pendingOptions = ["none", "pause", "resume", "finish"]

    /// A player of `session`'s state.
    public init(_ session: SessionRecipe = SessionRecipe(.lock), controls: Bool = true, pending: String = "none", closed: Bool = false) {
        self.session = session
        self.controls = controls
        self.pending = pending
        self.closed = closed
    }

    public static let controls: [RecipeControl<MediaPlayerRecipe>] = sessionControls + [
        .toggle("controls", "Its buttons work (not a follower)", \.controls),
        .choice("pending", "Intent awaiting its answer", \.pending, options: pendingOptions),
        .toggle("closed", "No session", \.closed),
    ]

    /// The intent named by ``pending``, or `nil`.
    var pendingIntent: Intent? {
        switch pending {
        case "pause": return .pause
        case "resume": return .resume
        case "finish": return .finish
        default: return nil
        }
    }

    /// What the player shows, or `nil` with no session.
    public var content: MediaPlayerContent? {
        guard !closed else { return nil }
        return SessionMediaPlayer.content(of: session.display, at: instant, pending: pendingIntent, controls: controls)
    }

    public var instant: Date { session.instant }

    public var provenance: Provenance {
        if closed { return .unreachable(reason: "with no session nothing is pushed: no player is on the bus") }
        if pendingIntent != nil {
            return .unreachable(reason: "an intent awaiting its answer is the client's own knowledge; no push says it")
        }
        return session.provenance
    }

    public var fixture: String {
        if closed { return "nil as MediaPlayerContent?" }
        var arguments = MotherArguments()
        arguments.add("of", code: session.fixture)
        arguments.add("at", code: "SessionScriptMother.makeScript().shownAt")
        arguments.add("pending", pendingIntent, default: nil) { $0.map { "." + $0.action } ?? "nil" }
        arguments.add("controls", code: String(controls))
        return SwiftLiteral.call("SessionMediaPlayer.content", arguments.list)
    }

    public func view() -> AnyView { MediaPlayerCard(content: content).erased }
}

/// The lock screen's player in every state of the Live Activity's scenarios, and the
/// states only a player has: a follower's, without buttons; an intent pending; no session.
enum MediaPlayerScenarios {
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        let states = SessionScenarios.states(.lock).map { Scenario(kind, $0.0, $0.1, MediaPlayerRecipe($0.2)) }
        return states + [
            Scenario(kind, "following", "A group sit's follower: no buttons", MediaPlayerRecipe(controls: false)),
            Scenario(kind, "pending", "Pause pressed, awaiting the answer", MediaPlayerRecipe(pending: "pause")),
            Scenario(kind, "noSession", "No session: no player on the bus", MediaPlayerRecipe(closed: true)),
        ]
    }
}
