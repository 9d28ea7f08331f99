import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering

/// The status line's two states that no push makes (`StatusLine`): no session
/// at all, whose empty form `moments status` prints when it finds none, and an intent
/// sent and not yet answered, the pending mark a bar that sends intents shows. The
/// pushed states are ``SessionRecipe``'s, on its ``SessionRecipe/Surface/statusLine``.
public struct StatusLineRecipe: ControlledRecipe, Hashable {
    /// Whether there is a session (the seeds/000 one) or none.
    public var hasSession: Bool
    /// The intent on its way (a `Intent` name: pause, resume, finish, cancel), or
    /// `none`.
    public var pending: String

    /// A line of the default session with `pending` on its way, or of no session.
    public init(hasSession: Bool = true, pending: String = "none") {
        self.hasSession = hasSession
        self.pending = pending
    }

    /// The two scenarios, for ``Catalog``.
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        [
            Scenario(kind, "pending", "p pressed, the answer not back: Pausing", StatusLineRecipe(pending: "pause")),
            Scenario(kind, "noSession", "No session: the empty forms that hide the module", StatusLineRecipe(hasSession: false)),
        ]
    }

    public static let controls: [RecipeControl<StatusLineRecipe>] = [
        .toggle("hasSession", "A session is running", \.hasSession),
        .choice("pending", "Intent on its way", \.pending, options: ["none", "pause", "resume", "finish", "cancel"]),
    ]

    /// The session's recipe: seeds/000's, as every other status line scenario.
    private var base: SessionRecipe { SessionRecipe(.statusLine) }

    /// The intent on its way, if any.
    private var intent: Intent? {
        switch pending {
        case "pause": return .pause
        case "resume": return .resume
        case "finish": return .finish
        case "cancel": return .cancel
        default: return nil
        }
    }

    /// The line shown.
    public var line: StatusLine {
        guard hasSession else { return StatusLine(session: nil) }
        return StatusLine(session: base.display, pending: intent.map(LiveScreenModel.pendingLabel))
    }

    public var instant: Date { base.instant }

    public var provenance: Provenance {
        guard hasSession else {
            return .unreachable(reason: "no session means no push; `moments status` prints this empty form when it finds none")
        }
        if intent != nil {
            return .unreachable(reason: "a pending intent is the sender's own knowledge until the server answers; no push says it")
        }
        return .pushed(base.script)
    }

    public var fixture: String {
        guard hasSession else { return "StatusLine(session: nil)" }
        guard let intent else { return "StatusLine(session: SessionDisplayMother.makeDisplay())" }
        return "StatusLine(session: SessionDisplayMother.makeDisplay(), pending: LiveScreenModel.pendingLabel(.\(intent.action)))"
    }

    public func view() -> AnyView {
        StatusLinePreview(line: line).erased
    }
}
