import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol
import TerminalIO

/// The live model of a session screen (`SessionScreenModel`): what the timer
/// screen, or a watcher's presentations, know and how their access keys work, as a value.
///
/// The state it shows comes only from pushes (``receive(_:)``), which the session loop
/// takes from the sync observer. A key never changes the session here: it becomes at most
/// one ``Command`` by the one key table (``SessionKeys``), and until the server answers,
/// the screen may show a pending mark, nothing more.
public struct LiveScreenModel: SessionScreenModel {
    /// What a key press asks the app to do.
    public enum Command: Hashable, Sendable {
        /// Send this intent to the server.
        case send(Intent)
        /// Leave this terminal; the owner says whether the session keeps running (it
        /// does), a watcher simply stops watching.
        case leave
        /// Ctrl-C: leave at once; the session keeps running on the server.
        case interrupt
        /// Finish the session shown, then start the one asked for (`moments start 5m` over
        /// a session left running).
        case replace
    }

    /// A question or panel shown over the keys.
    public enum Overlay: Hashable, Sendable {
        case none, help, confirmCancel, confirmQuit, confirmReplace
    }

    /// Whether this terminal owns the session (`moments start`, asked before quitting)
    /// or watches it (`moments watch`, which just leaves).
    public let isOwner: Bool
    /// Whether the time is shown as elapsed or remaining (the person's setting).
    public let timeDisplay: Settings.TimeDisplay
    /// Whether this screen follows a group sit through its join code (`moments join`):
    /// it shows the sit, and no key changes it (ADR 0072).
    public let isFollower: Bool
    /// The code others join the group sit with, when this screen's `start` made it.
    public let joinCode: String?
    /// The newest push, or `nil` before the first.
    public private(set) var snapshot: ActivitySnapshot?
    /// Why the connection is down, while it is.
    public var reconnecting: String?
    /// The question or panel shown.
    public private(set) var overlay = Overlay.none
    /// The intent sent whose change is not shown yet: the pending mark. It stays until the
    /// server has answered and the push of the answered state has come, in whichever
    /// order the two arrive, so no frame shows the old state without the mark.
    public private(set) var pending: Intent?
    /// The version the answer to ``pending`` gave, while its push has not come yet.
    public private(set) var awaitedVersion: UInt64?
    /// The last refusal from the server, shown until the next key.
    public private(set) var notice: String?

    /// The model of an owner's or a watcher's screen, before any push.
    public init(isOwner: Bool, timeDisplay: Settings.TimeDisplay = .elapsed, isFollower: Bool = false, joinCode: String? = nil) {
        self.isOwner = isOwner
        self.timeDisplay = timeDisplay
        self.isFollower = isFollower
        self.joinCode = joinCode
    }

    /// Whose screen this is, as the keys see it: a follower's, a group sit's leader's, or
    /// a sit alone's.
    public var part: SessionKeys.Part {
        if isFollower { return .follower }
        return snapshot?.activity.attributes.isGroup == true ? .leader : .alone
    }

    /// Takes a push: the only way the state shown changes. An ended session closes any
    /// question or panel: only leaving is left. Answers whether the screen should be drawn
    /// now: not while an intent waits for its answer (the frame after the pending one is
    /// the one that shows the intent's effect, not a push that may come before it).
    @discardableResult
    public mutating func receive(_ push: ActivitySnapshot) -> Bool {
        snapshot = push
        if push.activity.content.isEnded { overlay = .none }
        if let awaitedVersion, push.version >= awaitedVersion { settle() }
        return !isAwaitingAnswer
    }

    /// Takes the server's answer to the intent sent: a refusal is shown as a notice and the
    /// pending mark goes; an applied intent's mark goes once the push of its state has
    /// come (at once, if it came first). Answers whether what the screen shows changed.
    @discardableResult
    public mutating func answered(_ result: Result<ActivitySnapshot, SyncError>) -> Bool {
        switch result {
        case .failure(let error):
            let intent = pending
            settle()
            notice = intent.map { Self.notice(notDone: $0, because: error) } ?? error.description
            return true
        case .success(let state):
            guard pending != nil else { return false }
            if (snapshot?.version ?? 0) >= state.version {
                settle()
                return true
            }
            awaitedVersion = state.version
            return false
        }
    }

    /// Answers whether a redraw that no push, answer or key asked for (the display clock's
    /// tick, the connection coming back) should happen now: not while an intent is pending.
    /// Its push may already be in before its answer, and the frame would show the new state
    /// with the old mark; and a key press draws two frames only, the mark and the pushed
    /// state. The frame that settles the intent comes soon after.
    public func drawsUnasked() -> Bool { pending == nil }

    /// Whether an intent is sent and its answer has not come back.
    public var isAwaitingAnswer: Bool { pending != nil && awaitedVersion == nil }

    /// The pending intent is done with: its mark goes.
    private mutating func settle() {
        pending = nil
        awaitedVersion = nil
    }

    /// Whether the session has ended, as the last push says.
    public var isEnded: Bool { snapshot?.activity.content.isEnded ?? false }

    /// Where the screen is, as its keys see it: a question or panel when one is open, else
    /// the session's own state.
    public var keyState: SessionKeys.State {
        switch overlay {
        case .help: return .help
        case .confirmCancel: return .confirmCancel
        case .confirmQuit: return .confirmQuit
        case .confirmReplace: return .confirmReplace
        case .none: return SessionKeys.state(of: snapshot?.activity.content)
        }
    }

    /// The command for a key, by the key table; it changes only what this screen shows
    /// (overlays, notices).
    public mutating func press(_ key: Key) -> Command? {
        notice = nil
        let session = SessionKeys.state(of: snapshot?.activity.content)
        guard let action = SessionKeys.action(for: key, in: keyState, isOwner: isOwner, session: session, part: part)
        else { return nil }
        switch action {
        case .send(let intent):
            overlay = .none
            return send(intent)
        case .open(let shown):
            overlay = shown
            return nil
        case .close:
            overlay = .none
            return nil
        case .leave:
            return .leave
        case .interrupt:
            return .interrupt
        case .replace:
            overlay = .none
            return .replace
        }
    }

    /// Presses the keys of `text` in order, as a terminal sends them (` ` space, `?`, an
    /// escape sequence for an arrow), decoded as the session loop decodes what is typed;
    /// answers the commands they gave. What a catalog scenario types.
    public mutating func type(_ text: String) -> [Command] {
        KeyDecoder().decode(Array(text.utf8)).compactMap { press($0) }
    }

    /// Asks at once whether to finish the session shown and start the one asked for: what
    /// `moments start 5m` does when it finds a session left running, rather than showing
    /// it in silence. Nothing is asked of a session that has ended.
    public mutating func askToReplace() {
        guard !isEnded else { return }
        overlay = .confirmReplace
    }

    /// Sends `intent` as a button of the notification does (not a key): ignored once the
    /// session has ended or before it is known, as the keys would be.
    mutating func ask(_ intent: Intent) -> Command? {
        guard snapshot != nil, !isEnded, !isFollower else { return nil }
        return send(intent)
    }

    private mutating func send(_ intent: Intent) -> Command {
        pending = intent
        awaitedVersion = nil
        return .send(intent)
    }

    /// The display of the session at `now`, or `nil` before the first push.
    public func session(at now: Date) -> SessionDisplay? {
        snapshot.map {
            SessionDisplay(
                activity: $0.activity, timeDisplay: timeDisplay, reconnecting: reconnecting != nil, alert: $0.alert,
                following: isFollower, joinCode: joinCode, at: now)
        }
    }

    /// Why the server cannot be reached, while it cannot.
    public var problem: String? { reconnecting }

    /// The keys to show: a pending mark, or the key table's hints for where the screen is;
    /// a refusal from the server comes first.
    public var hints: [KeyHint] {
        var hints = pending.map { [KeyHint(key: "…", label: Self.pendingLabel($0))] }
            ?? SessionKeys.hints(in: keyState, isOwner: isOwner, part: part)
        if let notice { hints.insert(KeyHint(key: "!", label: notice), at: 0) }
        return hints
    }

    /// The help panel, while it is open.
    public var panel: [KeyHint]? {
        overlay == .help
            ? SessionKeys.panel(isOwner: isOwner, session: SessionKeys.state(of: snapshot?.activity.content), part: part) : nil
    }

    /// The Live Activity's buttons for the session as the last push has it.
    public var buttons: [KeyHint] {
        isFollower ? [] : SessionKeys.buttons(in: SessionKeys.state(of: snapshot?.activity.content))
    }

    /// What the pending mark says while the server has not answered: also what a status
    /// line's tooltip says of an intent on its way.
    /// What the screen says of an intent the server refused or never answered: what was
    /// not done, then why (`Not paused: The sync server cannot be reached …`), so a key
    /// pressed during an outage longer than its retries is never taken for done.
    public static func notice(notDone intent: Intent, because error: SyncError) -> String {
        let undone: String
        switch intent {
        case .pause: undone = "Not paused"
        case .resume: undone = "Not resumed"
        case .finish: undone = "Not finished"
        case .cancel: undone = "Not cancelled"
        case .adjustTarget: undone = "Target unchanged"
        case .start: undone = "Not started"
        case .revokeCode: undone = "Code not revoked"
        }
        return "\(undone): \(error.description)"
    }

    public static func pendingLabel(_ intent: Intent) -> String {
        switch intent {
        case .pause: return "Pausing"
        case .resume: return "Resuming"
        case .finish: return "Finishing"
        case .cancel: return "Cancelling"
        case .adjustTarget(let seconds): return seconds > 0 ? "Adding a minute" : "Taking off a minute"
        case .start: return "Starting"
        case .revokeCode: return "Revoking the code"
        }
    }
}
