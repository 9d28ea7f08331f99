import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// What a status bar knows of the person's sessions: the newest state of each not yet
/// dismissed, as the sessions stream pushed it, and which one it shows.
///
/// It never goes back: a state older than one it had of the same session is ignored, also
/// across reconnections (a new stream starts with the current states again). A session
/// dismissed while the bar was not connected is forgotten when a listing taken after the
/// reconnection no longer has it (``keepOnly(_:)``).
struct BarSessions {
    /// The one session shown, when the bar was given its id; `nil`: whichever is current.
    let only: String?
    /// The newest state of each session not yet dismissed, by id.
    private(set) var states: [String: ActivitySnapshot] = [:]
    /// The newest version seen of every session, dismissed ones included.
    private var newest: [String: UInt64] = [:]
    /// The sessions pushed since the last ``reconnected()``: a listing taken before them
    /// may not have them yet.
    private var pushedSinceReconnection: Set<String> = []
    /// The group sits followed on this machine (``FollowedSits``): pushed through their
    /// channels, never listed by the sessions stream's server, so a listing does not forget
    /// them; the bar forgets one when nobody follows it any more (``forget(_:)``).
    var followed: Set<String> = []

    /// Knows no session yet; with `only`, it will take that session's states alone.
    init(only: String? = nil) {
        self.only = only
    }

    /// Takes a pushed state; false when it is not newer than what was had of its session
    /// (or not the one session it shows).
    @discardableResult
    mutating func take(_ snapshot: ActivitySnapshot) -> Bool {
        let id = snapshot.id
        if let only, only != id { return false }
        if let version = newest[id], version >= snapshot.version { return false }
        newest[id] = snapshot.version
        pushedSinceReconnection.insert(id)
        states[id] = snapshot.event == .dismiss ? nil : snapshot
        return true
    }

    /// A new stream was opened: what it pushes from now on is current.
    mutating func reconnected() {
        pushedSinceReconnection = []
    }

    /// Forgets the sessions a listing taken after the reconnection does not have as live
    /// (dismissed meanwhile), unless a push since told of them; true when one was forgotten.
    @discardableResult
    mutating func keepOnly(_ listed: [ActivitySummary]) -> Bool {
        let live = Set(listed.filter { $0.status != .dismissed }.map(\.id))
        let gone = states.keys.filter { !live.contains($0) && !pushedSinceReconnection.contains($0) && !followed.contains($0) }
        for id in gone { states[id] = nil }
        return !gone.isEmpty
    }

    /// Forgets session `id` (a sit no longer followed here) with every version seen of it,
    /// so that following it again shows its newest state at once; true when it was shown.
    @discardableResult
    mutating func forget(_ id: String) -> Bool {
        newest[id] = nil
        return states.removeValue(forKey: id) != nil
    }

    /// Forgets the sessions whose dismissal date has passed at `now`: what a bar does while
    /// no server can tell it of the dismissal (the process that hosted an ended session
    /// exited), as the system dismisses an ended Live Activity at its date. True when one
    /// was forgotten.
    @discardableResult
    mutating func forgetDismissed(at now: Date) -> Bool {
        let gone = states.filter { $0.value.activity.status(at: now) == .dismissed }.map(\.key)
        for id in gone { states[id] = nil }
        return !gone.isEmpty
    }

    /// The session a bar shows: the newest started of those not ended, else the newest
    /// started of those ended and not yet dismissed, else none.
    var shown: ActivitySnapshot? {
        let newestFirst = states.values.sorted {
            ($0.activity.lifecycle.startedAt, $0.id) > ($1.activity.lifecycle.startedAt, $1.id)
        }
        return newestFirst.first { !$0.activity.content.isEnded } ?? newestFirst.first
    }
}
