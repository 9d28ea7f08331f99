import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol
import Synchronization

/// What a follower of a group sit saw of it (ADR 0072): the first state and when it came,
/// and the last, so that their own history holds the time they sat, joined late or left
/// early, as nobody else records it for them.
public final class FollowedTime: Sendable {
    private struct Seen {
        var first: (state: ActivitySnapshot, at: Date)?
        var last: ActivitySnapshot?
    }

    private let seen = Mutex(Seen())

    /// Nothing seen yet.
    public init() {}

    /// Takes one push, seen at `now`.
    public func saw(_ push: ActivitySnapshot, at now: Date) {
        seen.withLock { seen in
            if seen.first == nil { seen.first = (push, now) }
            seen.last = push
        }
    }

    /// The record of the time sat, left at `now` (or at the end, if it came first); `nil`
    /// when nothing was sat. Its id is the sit's, so a sit is recorded once.
    public func record(leftAt now: Date) -> SessionRecord? {
        seen.withLock { seen in
            guard let first = seen.first, let last = seen.last else { return nil }
            return SessionRecord(
                followed: first.state.activity, at: first.at, last: last.activity, leftAt: now,
                id: UUID(uuidString: last.id) ?? UUID())
        }
    }
}
