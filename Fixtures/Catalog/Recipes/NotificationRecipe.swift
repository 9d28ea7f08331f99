import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering

/// The inputs of the desktop notification: a scripted session (a ``SessionRecipe``, so
/// every state comes from the same Mothers as the banner's), whether the notification
/// server offers actions, an intent waiting for its answer, or no session at all.
/// The content is made by `SessionNotification.content(of:at:pending:offersActions:)`,
/// exactly as `moments notify` makes it.
public struct NotificationRecipe: SessionSurfaceRecipe, Hashable {
    /// The session shown.
    public var session: SessionRecipe
    /// Whether the server's capabilities include `actions`.
    public var offersActions: Bool
    /// The intent sent and not yet answered: `none`, or one of ``pendingOptions``.
    public var pending: String
    /// Whether there is no session (the notification is closed).
    public var closed: Bool

    /// The intents a notification's actions send, by name.
    public static let pendingOptions = ["none", "pause", "resume", "finish", "extend"]

    /// A notification of `session`'s state.
    public init(_ session: SessionRecipe = SessionRecipe(.lock), offersActions: Bool = true, pending: String = "none", closed: Bool = false) {
        self.session = session
        self.offersActions = offersActions
        self.pending = pending
        self.closed = closed
    }

    public static let controls: [RecipeControl<NotificationRecipe>] = sessionControls + [
        .toggle("offersActions", "The server offers actions", \.offersActions),
        .choice("pending", "Intent awaiting its answer", \.pending, options: pendingOptions),
        .toggle("closed", "No session", \.closed),
    ]

    /// The intent named by ``pending``, or `nil`.
    var pendingIntent: Intent? {
        NotificationContent.Action(rawValue: pending).map(SessionNotification.intent(of:))
    }

    /// What the notification says, or `nil` with no session.
    public var content: NotificationContent? {
        guard !closed else { return nil }
        return SessionNotification.content(
            of: session.display, at: instant, pending: pendingIntent, offersActions: offersActions)
    }

    public var instant: Date { session.instant }

    public var provenance: Provenance {
        if closed { return .unreachable(reason: "with no session nothing is pushed: the notification is closed") }
        if pendingIntent != nil {
            return .unreachable(reason: "an intent awaiting its answer is the client's own knowledge; no push says it")
        }
        return session.provenance
    }

    public var fixture: String {
        if closed { return "nil as NotificationContent?" }
        var arguments = MotherArguments()
        arguments.add("of", code: session.fixture)
        arguments.add("at", code: "SessionScriptMother.makeScript().shownAt")
        arguments.add("pending", pendingIntent, default: nil) { $0.map(Self.code(of:)) ?? "nil" }
        arguments.add("offersActions", code: String(offersActions))
        return SwiftLiteral.call("SessionNotification.content", arguments.list)
    }

    /// `.pause`, `.adjustTarget(bySeconds: 60)`.
    static func code(of intent: Intent) -> String {
        if case .adjustTarget(let seconds) = intent { return ".adjustTarget(bySeconds: \(SwiftLiteral.number(seconds)))" }
        return "." + intent.action
    }

    public func view() -> AnyView { NotificationCard(content: content).erased }
}

/// The notification in every state of the Live Activity's scenarios, and the states only
/// a notification has: no actions offered, an intent pending, no session.
enum NotificationScenarios {
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        let states = SessionScenarios.states(.lock).map { Scenario(kind, $0.0, $0.1, NotificationRecipe($0.2)) }
        return states + [
            Scenario(kind, "noActions", "A server without actions", NotificationRecipe(offersActions: false)),
            Scenario(kind, "pending", "Pause pressed, awaiting the answer", NotificationRecipe(pending: "pause")),
            Scenario(kind, "noSession", "No session: the notification is closed", NotificationRecipe(closed: true)),
        ]
    }
}
