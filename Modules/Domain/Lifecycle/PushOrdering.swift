#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The order stamp of a push: what an observer needs to decide whether to accept it.
public struct PushStamp: Hashable, Sendable {
    /// Strictly increasing per activity; the server gives each change the next one.
    public let version: UInt64
    /// Non-decreasing per activity: the server's clock when it made the change.
    public let timestamp: Date
    /// What the push says happened.
    public let event: ActivityEvent

    /// A stamp.
    public init(version: UInt64, timestamp: Date, event: ActivityEvent) {
        self.version = version
        self.timestamp = timestamp
        self.event = event
    }
}

/// The rule every observer applies to every push, so that what it shows never goes back.
///
/// It mirrors ActivityKit: an update older than the one shown is ignored (APNs'
/// `timestamp` rule, made exact by the version), and after `end` nothing but the
/// dismissal is taken; after the dismissal, nothing at all.
public enum PushOrdering {
    /// Whether an observer holding `current` (or nothing yet) accepts `incoming`.
    public static func accepts(_ incoming: PushStamp, over current: PushStamp?) -> Bool {
        guard let current else { return true }
        guard incoming.version > current.version, incoming.timestamp >= current.timestamp else { return false }
        switch current.event {
        case .dismiss: return false
        case .end: return incoming.event == .dismiss
        case .start, .update: return true
        }
    }
}
