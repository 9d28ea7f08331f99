import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// What the server decides, as pure functions of an activity as stored, a request and the
/// time: the transition, the clock rules, the outcome and the answer. Every backend's
/// server calls these, so one server or many sharing a database decide alike (ADR 0022);
/// only where the result is written differs.
public enum SyncDecision {
    /// What an intent decided: the activity after it, the answer to remember and give,
    /// and the states it made (the clock rules that came due first, then the intent's own
    /// change, if any).
    public struct Decided: Sendable, Hashable {
        /// The activity after the intent, with its answer remembered.
        public let activity: StoredActivity
        /// The answer, given now and to every retry.
        public let answer: StoredAnswer
        /// The new states, oldest first; empty for a refusal or a no-op on a due-free activity.
        public let changes: [ActivitySnapshot]
    }

    /// Decides an intent on `stored` at `now`: first the clock rules that came due, then
    /// the intent (refused when its expected version is not the current one, or when the
    /// rules refuse it; a no-op when it changes nothing). `stored` is taken, so that when
    /// the caller holds no other copy its remembered answers are changed in place.
    public static func apply(_ request: IntentRequest, to stored: consuming StoredActivity, at now: Date) -> Decided {
        var (activity, changes) = advanceClockRules(consume stored, at: now)
        let current = activity.snapshot
        let outcome: IntentOutcome
        if let expected = request.expectedVersion, expected != current.version {
            outcome = .staleVersion(expected: expected, current: current)
        } else {
            do {
                // The clock rules ran just above: the intent meets the activity they left.
                let next = try Transition.apply(request.intent, toAdvanced: current.activity, at: now)
                if next == current.activity {
                    outcome = .applied(current)
                } else {
                    let snapshot = current.next(next.content.isEnded ? .end : .update, activity: next, at: now)
                    outcome = .applied(snapshot)
                    changes.append(snapshot)
                }
            } catch {
                outcome = .refused(code: error.code, message: error.description, current: current)
            }
        }
        let answer = StoredAnswer(key: request.key, outcome: outcome)
        activity.snapshot = outcome.snapshot
        activity.remember(answer)
        return Decided(activity: activity, answer: answer, changes: changes)
    }

    /// The clock rules of `stored` that are due at `now`, applied in turn: completion or the
    /// 8-hour end, then the dismissal, or going stale. Answers the activity after them and
    /// each state they made (none when nothing was due).
    public static func advanceClockRules(_ stored: consuming StoredActivity, at now: Date) -> (StoredActivity, [ActivitySnapshot]) {
        var changes: [ActivitySnapshot] = []
        for _ in 0..<3 {
            let snapshot = stored.snapshot
            guard snapshot.event != .dismiss else { break }
            let advanced = Transition.advance(snapshot.activity, to: now)
            let event: ActivityEvent
            if advanced != snapshot.activity {
                // A bell rung, or the end.
                event = advanced.content.isEnded ? .end : .update
            } else {
                switch advanced.status(at: now) {
                case .dismissed:
                    event = .dismiss
                case .stale where snapshot.staleNotYetPushed:
                    event = .update
                case .active, .stale, .ended:
                    return (stored, changes)
                }
            }
            let next = snapshot.next(event, activity: advanced, at: now)
            stored.snapshot = next
            changes.append(next)
        }
        return (stored, changes)
    }

    /// The clock rules of `stored` due at `now` (``advanceClockRules(_:at:)``), then the count
    /// of people sitting the group sit (`Domain.Transition.counting(_:sitting:)`, ADR 0073):
    /// an `update` when the count changed. Answers the activity after them and each state
    /// they made.
    public static func count(_ stored: consuming StoredActivity, sitting: Int, at now: Date) -> (StoredActivity, [ActivitySnapshot]) {
        var (stored, changes) = advanceClockRules(stored, at: now)
        let snapshot = stored.snapshot
        guard snapshot.event != .dismiss else { return (stored, changes) }
        let counted = Transition.counting(snapshot.activity, sitting: sitting)
        guard counted != snapshot.activity else { return (stored, changes) }
        let next = snapshot.next(.update, activity: counted, at: now)
        stored.snapshot = next
        changes.append(next)
        return (stored, changes)
    }

    /// A new activity: version 1, `start`, at `now`, with its token (and a group sit's
    /// follow code) as the server keeps them.
    ///
    /// - Throws: `SyncError.badRequest(_:)` when the attributes cannot start a session.
    public static func create(
        _ attributes: SessionAttributes, showSeconds: Bool, id: String, token: KeptToken, creation: ActivityCreation?,
        owner: String?, followCode: KeptToken? = nil, at now: Date
    ) throws(SyncError) -> StoredActivity {
        let activity: Activity
        do {
            activity = try Transition.apply(.start(attributes, showSeconds: showSeconds), to: nil, at: now)
        } catch {
            throw .badRequest(error.description)
        }
        let snapshot = ActivitySnapshot(
            id: id, version: 1, timestamp: now, event: .start, activity: activity, alert: BellAlert.rung(from: nil, to: activity))
        return StoredActivity(snapshot: snapshot, token: token, creation: creation, owner: owner, followCode: followCode)
    }
}
