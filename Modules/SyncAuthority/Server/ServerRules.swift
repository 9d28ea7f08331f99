import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// What ``SyncServer`` reads from a state alone, kept beside it so the actor holds only
/// what needs its isolation.
extension ActivitySnapshot {
    /// Whether going stale is still to be pushed: every push since the stale date would
    /// carry a timestamp at or after it. Read from the state itself, so a failed commit or
    /// a restart can neither lose that push nor send it twice.
    var staleNotYetPushed: Bool {
        activity.staleDate.map { timestamp < $0 } ?? false
    }

    /// When this activity next needs its clock rules: once it has ended, the dismissal;
    /// before, the completion, the automatic end or going stale, whichever comes first.
    /// `nil` once it is dismissed. A deadline that has passed is due now.
    public var nextRuleDeadline: Date? {
        guard event != .dismiss else { return nil }
        if let dismissal = activity.lifecycle.dismissalDate { return dismissal }
        // Counted after the last push: a stale date at or before it has been pushed already.
        return activity.nextDeadline(after: timestamp)
    }
}

extension IntentOutcome {
    /// The answer as the server gives it: the state when applied, else the error it stands for.
    func result() throws(SyncError) -> ActivitySnapshot {
        switch self {
        case .applied(let snapshot): return snapshot
        case .refused(let code, let message, let current): throw .refused(code: code, message: message, current: current)
        case .staleVersion(let expected, let current): throw .staleVersion(expected: expected, current: current)
        }
    }
}
