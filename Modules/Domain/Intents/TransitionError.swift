#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the rules refused an intent. Nothing changed; the message says what to do.
public enum TransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The intent needs a session and there is none.
    case notStarted
    /// A start for an activity that already has a session.
    case alreadyStarted
    /// The session is over; it takes no more intents.
    case sessionEnded(SessionOutcome)
    /// The target of an open-ended session cannot move.
    case openEnded
    /// The moved target would leave 1 second to 8 hours.
    case targetOutOfRange(requestedSeconds: Double)
    /// The moved target would be at or below the time already sat.
    case targetBelowElapsed(requestedSeconds: Double, elapsedSeconds: Double)
    /// An adjustment that is not a finite number of seconds.
    case invalidAdjustment(seconds: Double)
    /// A join code revoked on a session that is not a group sit: it has none.
    case notAGroup
    /// A sit scheduled for an instant that is not after the creation.
    case startsInThePast(Date)
    /// A sit scheduled further ahead than ``SessionLimits/scheduleHorizon``.
    case startsTooFarAhead(Date)
    /// A finish for a scheduled sit that has not begun: there is nothing sat to finish.
    case notYetBegun(startsAt: Date)

    /// A stable, machine-readable code, used on the wire (`"error": "session_ended"`).
    public var code: String {
        switch self {
        case .notStarted: return "not_started"
        case .alreadyStarted: return "already_started"
        case .sessionEnded: return "session_ended"
        case .openEnded: return "open_ended"
        case .targetOutOfRange: return "target_out_of_range"
        case .targetBelowElapsed: return "target_below_elapsed"
        case .invalidAdjustment: return "invalid_adjustment"
        case .notAGroup: return "not_a_group"
        case .startsInThePast: return "starts_in_the_past"
        case .startsTooFarAhead: return "starts_too_far_ahead"
        case .notYetBegun: return "not_yet_begun"
        }
    }

    public var description: String {
        switch self {
        case .notStarted:
            return "There is no session yet; start one first."
        case .alreadyStarted:
            return "This activity already has a session; start a new activity for a new session."
        case .sessionEnded(let outcome):
            return "The session has already ended (\(outcome.rawValue.replacingUnderscores)); start a new one."
        case .openEnded:
            return "An open-ended session has no target to move; finish it when you are done."
        case .targetOutOfRange(let requested):
            return "The target would become \(Self.shown(requested)), outside 1 second to 8 hours; "
                + "move it by less."
        case .targetBelowElapsed(let requested, let elapsed):
            return "The target would become \(Self.shown(requested)), but \(Self.shown(elapsed)) "
                + "have already passed; finish the session instead."
        case .invalidAdjustment(let seconds):
            return "An adjustment of \(seconds) seconds is not a number of seconds; use a finite value such as 60 or -60."
        case .notAGroup:
            return "This session is not a group sit, so it has no join code to revoke; start one with --group."
        case .startsInThePast(let date):
            return "The sit was to start at \(Instant.format(date)), which has passed; schedule it for a time ahead, "
                + "or start it now."
        case .startsTooFarAhead(let date):
            return "The sit was to start at \(Instant.format(date)), more than a week ahead; schedule it within a week."
        case .notYetBegun(let startsAt):
            return "The sit has not begun (it starts at \(Instant.format(startsAt))), so there is nothing sat to finish; "
                + "start it now, or cancel it."
        }
    }

    private static func shown(_ seconds: Double) -> String {
        seconds < 0 ? "-" + timerDisplayFromSeconds(seconds: -seconds, showSeconds: true)
            : timerDisplayFromSeconds(seconds: seconds, showSeconds: true)
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
