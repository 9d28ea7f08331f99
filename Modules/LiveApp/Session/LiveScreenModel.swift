import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import Sync
import TerminalIO

/// What the timer screen (and the watcher's surface) knows and how its keys work, as a
/// value: every key press becomes at most one ``Command``, and the state it shows comes
/// only from pushes (``receive(_:)``). A key never changes the session here; it asks the
/// server, and until the answer comes the screen may show a pending mark, nothing more.
struct LiveScreenModel: Sendable {
    /// What a key press asks the app to do.
    enum Command: Hashable, Sendable {
        /// Send this intent to the server.
        case send(Intent)
        /// Leave this terminal; the owner says whether the session keeps running (it
        /// does), a watcher simply stops watching.
        case leave
        /// Ctrl-C: leave at once; the session keeps running on the server.
        case interrupt
    }

    /// A question or panel shown over the keys.
    enum Overlay: Hashable, Sendable {
        case none, help, confirmCancel, confirmQuit
    }

    /// Whether this terminal owns the session (`moments start`, asked before quitting)
    /// or watches it (`moments watch`, which just leaves).
    let isOwner: Bool
    /// The newest push, or `nil` before the first.
    private(set) var snapshot: ActivitySnapshot?
    /// Why the connection is down, while it is.
    var reconnecting: String?
    /// The question or panel shown.
    private(set) var overlay = Overlay.none
    /// The intent sent and not answered yet: shown as a pending mark.
    private(set) var pending: Intent?
    /// The last refusal from the server, shown until the next key.
    private(set) var notice: String?

    init(isOwner: Bool) {
        self.isOwner = isOwner
    }

    /// Takes a push: the only way the state shown changes.
    mutating func receive(_ push: ActivitySnapshot) {
        snapshot = push
        if push.activity.content.isEnded, overlay != .help { overlay = .none }
    }

    /// Takes the server's answer to the intent sent: the pending mark goes; a refusal is
    /// shown as a notice.
    mutating func answered(_ result: Result<ActivitySnapshot, SyncError>) {
        pending = nil
        if case .failure(let error) = result { notice = error.description }
    }

    /// Whether the session has ended, as the last push says.
    var isEnded: Bool { snapshot?.activity.content.isEnded ?? false }

    /// The command for a key, changing only what this screen shows (overlays, notices).
    mutating func press(_ key: Key) -> Command? {
        notice = nil
        if key == .interrupt { return .interrupt }
        switch overlay {
        case .confirmCancel:
            overlay = .none
            return key == .character("y") ? send(.cancel) : nil
        case .confirmQuit:
            overlay = .none
            switch key {
            case .character("y"), .enter: return .leave
            case .character("n"):
                return send(.finish)
            default: return nil
            }
        case .help:
            if key == .character("?") || key == .escape {
                overlay = .none
                return nil
            }
        case .none:
            break
        }
        guard let content = snapshot?.activity.content, !content.isEnded else {
            return [.character("q"), .escape, .enter].contains(key) ? .leave : nil
        }
        switch key {
        case .space: return send(content.isPaused ? .resume : .pause)
        case .character("f"): return send(.finish)
        case .character("c"):
            overlay = .confirmCancel
            return nil
        case .character("+"), .character("="), .up: return send(.adjustTarget(bySeconds: 60))
        case .character("-"), .character("_"), .down: return send(.adjustTarget(bySeconds: -60))
        case .character("?"):
            overlay = overlay == .help ? .none : .help
            return nil
        case .character("q"):
            guard isOwner else { return .leave }
            overlay = .confirmQuit
            return nil
        default: return nil
        }
    }

    private mutating func send(_ intent: Intent) -> Command {
        pending = intent
        return .send(intent)
    }

    /// The display of the session at `now`, or `nil` before the first push.
    func display(timeDisplay: Settings.TimeDisplay, at now: Date) -> SessionDisplay? {
        snapshot.map { SessionDisplay(activity: $0.activity, timeDisplay: timeDisplay, reconnecting: reconnecting != nil, at: now) }
    }

    /// The keys to show: a pending mark, an overlay's answers, or the phase's own keys
    /// (``SessionPhase/screenHints``); a refusal from the server comes first.
    func hints(for phase: SessionPhase) -> [KeyHint] {
        var hints: [KeyHint]
        if let pending {
            hints = [KeyHint(key: "…", label: Self.pendingLabel(pending))]
        } else {
            switch overlay {
            case .confirmCancel:
                hints = [KeyHint(key: "y", label: "Cancel the session"), KeyHint(key: "n", label: "Keep sitting")]
            case .confirmQuit:
                hints = [
                    KeyHint(key: "y", label: "Leave it running"), KeyHint(key: "n", label: "Finish it now"),
                    KeyHint(key: "esc", label: "Stay"),
                ]
            case .help:
                // Every key, short enough for 80 columns; ? or Esc closes it.
                hints = [
                    KeyHint(key: "space", label: "Pause/resume"), KeyHint(key: "f", label: "Finish"),
                    KeyHint(key: "↑/↓", label: "±1 min"), KeyHint(key: "c", label: "Cancel"),
                    KeyHint(key: "q", label: "Quit"), KeyHint(key: "^C", label: "Leave"),
                ]
            case .none:
                hints = phase.screenHints
            }
        }
        if let notice { hints.insert(KeyHint(key: "!", label: notice), at: 0) }
        return hints
    }

    /// What the pending mark says while the server has not answered.
    private static func pendingLabel(_ intent: Intent) -> String {
        switch intent {
        case .pause: return "Pausing"
        case .resume: return "Resuming"
        case .finish: return "Finishing"
        case .cancel: return "Cancelling"
        case .adjustTarget(let seconds): return seconds > 0 ? "Adding a minute" : "Taking off a minute"
        case .start: return "Starting"
        }
    }
}
