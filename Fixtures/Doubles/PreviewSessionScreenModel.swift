import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering
import SyncProtocol

/// A session screen's model in one named state, for previews and the catalog: what the
/// live app's screen shows before the first push, with a question or panel open, with an
/// intent pending or refused, or while the server cannot be reached.
///
/// It holds values, not a server: the push is a Mother's, the keys offered are the live
/// app's key table's (`SessionKeys`), and the refusal is the one Domain's rules
/// give. A test proves the live model, fed the key sequence that leads to each state,
/// draws the same frame.
public struct PreviewSessionScreenModel: SessionScreenModel {
    /// The named states.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Running, no question open.
        case running
        /// Paused.
        case paused
        /// Completed at its target: only Quit is left.
        case completed
        /// Before the first push.
        case connecting
        /// Before the first push, the server not answering.
        case cannotConnect
        /// The connection dropped after a push; the time runs on from it.
        case reconnecting
        /// The help panel open.
        case help
        /// "Cancel the session?"
        case confirmCancel
        /// "Leave it running?" (the owner's quit).
        case confirmQuit
        /// "Already running: replace it?" (`moments start 5m` over a session left running).
        case confirmReplace
        /// Space pressed, the server's answer not back yet.
        case pending
        /// A minute taken off below the time sat, refused by the server.
        case refused
        /// A group sit's leader (ADR 0072): the code others join with under the progress.
        case groupLeader
        /// A group sit's follower: the sit shown, and only Leave offered.
        case groupFollower
        /// A group sit whose leader revoked the join code.
        case groupRevoked
        /// A follower's screen joining, before the sit's first push.
        case groupJoining
        /// A follower's screen whose server went away (the leader's machine, hosting it,
        /// was closed): the time runs on from the last push.
        case groupLeaderGone
        /// A follower of a sit that 10,000 people sit (ADR 0073).
        case groupCrowd
        /// The leader's screen once the sit ended: how many sat it.
        case groupSatWith
        /// A group sit scheduled for an hour (ADR 0074), its leader's screen 4 minutes
        /// before: the countdown, Start now, and two who joined early.
        case scheduled
        /// The same sit on a follower's screen, joined before it begins.
        case scheduledFollower
    }

    /// How many people besides its leader follow the sit of `state`: none for the leader's
    /// own screen, the follower whose screen it is, 9,999 of the crowd, 13 for the end.
    static func followers(of state: State) -> Int {
        switch state {
        case .groupFollower, .groupLeaderGone: return 1
        case .groupCrowd: return 9_999
        case .groupSatWith: return 13
        case .scheduled, .scheduledFollower: return 2
        default: return 0
        }
    }

    /// The code the leader's screen shows in the catalog: a fixed one, as a real server's
    /// is random.
    public static let joinCode = JoinCode(id: "5b8d5209-9d26-4993-b98b-a70cfe78d00b", secret: "9vsh72s62gysvtynv4d53p0jrx")

    /// What the connection says when it cannot reach the server.
    public static let unreachable = "connection refused"

    /// Which state this is.
    public let state: State
    /// Whether it is the session owner's screen or a watcher's.
    public let isOwner: Bool
    /// Whether it is a group sit's follower's screen.
    public var isFollower: Bool { [.groupFollower, .groupJoining, .groupLeaderGone, .groupCrowd, .scheduledFollower].contains(state) }
    /// The code the screen shows others join with: the leader's only.
    public var joinCode: String? { [.groupLeader, .groupSatWith, .scheduled].contains(state) ? Self.joinCode.description : nil }
    /// How the time is shown.
    public let timeDisplay: Settings.TimeDisplay
    /// The push shown, `nil` before the first.
    public let snapshot: ActivitySnapshot?
    public let problem: String?
    public let hints: [KeyHint]

    /// The model of `state`, for the owner's screen or a watcher's, over `script`'s push
    /// (by default the one the state needs: running, paused or completed at 2:05 of 5:00,
    /// 2:05 of 3:00 for a refused minute).
    public init(_ state: State, isOwner: Bool = true, script: SessionScript? = nil, timeDisplay: Settings.TimeDisplay = .elapsed) {
        self.state = state
        self.isOwner = isOwner
        self.timeDisplay = timeDisplay
        let script = script ?? Self.script(for: state)
        snapshot = [.connecting, .cannotConnect, .groupJoining].contains(state)
            ? nil : ActivitySnapshotMother.makeSnapshot(script: script)
        problem = [.cannotConnect, .reconnecting, .groupLeaderGone].contains(state) ? Self.unreachable : nil
        let keyState = Self.keyState(of: state, content: snapshot?.activity.content)
        let part = Self.part(of: state)
        switch state {
        case .pending:
            hints = [KeyHint(key: "…", label: "Pausing")]
        case .refused:
            hints = [KeyHint(key: "!", label: Self.refusal(of: script))] + SessionKeys.hints(in: keyState, isOwner: isOwner)
        default:
            hints = SessionKeys.hints(in: keyState, isOwner: isOwner && part != .follower, part: part)
        }
    }

    /// Running, no question open.
    public static var running: Self { Self(.running) }
    /// Paused.
    public static var paused: Self { Self(.paused) }
    /// Completed at its target.
    public static var completed: Self { Self(.completed) }
    /// Before the first push.
    public static var connecting: Self { Self(.connecting) }
    /// Before the first push, the server not answering.
    public static var cannotConnect: Self { Self(.cannotConnect) }
    /// The connection dropped after a push.
    public static var reconnecting: Self { Self(.reconnecting) }
    /// The help panel open.
    public static var help: Self { Self(.help) }
    /// "Cancel the session?"
    public static var confirmCancel: Self { Self(.confirmCancel) }
    /// "Leave it running?"
    public static var confirmQuit: Self { Self(.confirmQuit) }
    /// "Already running: replace it?"
    public static var confirmReplace: Self { Self(.confirmReplace) }
    /// An intent pending.
    public static var pending: Self { Self(.pending) }
    /// A refusal shown.
    public static var refused: Self { Self(.refused) }

    public func session(at now: Date) -> SessionDisplay? {
        snapshot.map {
            SessionDisplay(
                activity: $0.activity, timeDisplay: timeDisplay, reconnecting: problem != nil, alert: $0.alert,
                following: isFollower, joinCode: joinCode, at: now)
        }
    }

    /// Whose screen `state` is, as the keys see it.
    static func part(of state: State) -> SessionKeys.Part {
        switch state {
        case .groupLeader, .groupRevoked, .groupSatWith, .scheduled: return .leader
        case .groupFollower, .groupJoining, .groupLeaderGone, .groupCrowd, .scheduledFollower: return .follower
        default: return .alone
        }
    }

    public var panel: [KeyHint]? {
        state == .help ? SessionKeys.panel(isOwner: isOwner) : nil
    }

    public var buttons: [KeyHint] {
        isFollower ? [] : SessionKeys.buttons(in: SessionKeys.state(of: snapshot?.activity.content))
    }

    /// The script a state is shown over: its push is the script's last.
    public static func script(for state: State) -> SessionScript {
        switch state {
        case .paused: return SessionScriptMother.makeScript(moment: .paused(elapsed: 125))
        case .completed: return SessionScriptMother.makeScript(moment: .completed(elapsed: 300))
        case .refused: return SessionScriptMother.makeScript(plannedSeconds: 180)
        case .groupLeader, .groupFollower, .groupJoining, .groupLeaderGone, .groupCrowd:
            return SessionScriptMother.makeScript(name: "Evening sangha", isGroup: true, followers: followers(of: state))
        case .groupSatWith:
            return SessionScriptMother.makeScript(
                name: "Evening sangha", moment: .completed(elapsed: 300), isGroup: true, followers: followers(of: state))
        case .groupRevoked:
            return SessionScriptMother.makeScript(name: "Evening sangha", moment: .codeRevoked(elapsed: 125), isGroup: true)
        case .scheduled, .scheduledFollower:
            return SessionScriptMother.makeScript(
                name: "Dawn sit", plannedSeconds: 1_200, moment: .scheduled(startsIn: 240), isGroup: true,
                followers: followers(of: state))
        default: return SessionScriptMother.makeScript()
        }
    }

    /// Where the keys of `state` are, by the key table's states.
    static func keyState(of state: State, content: ContentState?) -> SessionKeys.State {
        switch state {
        case .help: return .help
        case .confirmCancel: return .confirmCancel
        case .confirmQuit: return .confirmQuit
        case .confirmReplace: return .confirmReplace
        default: return SessionKeys.state(of: content)
        }
    }

    /// What the server says when a minute is taken off `script`'s session at the instant
    /// it is shown: Domain's own refusal, in the words a client shows.
    static func refusal(of script: SessionScript) -> String {
        let current = ActivitySnapshotMother.makeSnapshot(script: script)
        do {
            _ = try Transition.apply(.adjustTarget(bySeconds: -60), to: current.activity, at: script.shownAt)
            return "no refusal: the target moved"
        } catch {
            return LiveScreenModel.notice(
                notDone: .adjustTarget(bySeconds: -60),
                because: SyncError.refused(code: error.code, message: error.description, current: current))
        }
    }
}
