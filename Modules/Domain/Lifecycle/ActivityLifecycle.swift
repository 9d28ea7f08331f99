#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dates that decide an activity's ``ActivityStatus``: when it started, when it ended
/// and how it is dismissed. The status at any instant is computed, never stored, so the
/// server and every observer derive the same answer from the same push.
public struct ActivityLifecycle: Hashable, Sendable {
    /// When the activity started.
    public let startedAt: Date
    /// When it ended, or `nil` while it is live.
    public let endedAt: Date?
    /// How it leaves the screen after the end.
    public let dismissalPolicy: DismissalPolicy

    /// A lifecycle; dates are kept to the millisecond (see ``Instant``).
    public init(startedAt: Date, endedAt: Date? = nil, dismissalPolicy: DismissalPolicy = .default) {
        self.startedAt = Instant.canonical(startedAt)
        self.endedAt = endedAt.map(Instant.canonical)
        self.dismissalPolicy = dismissalPolicy
    }

    /// The instant the activity ends by itself: 8 hours after it started (to the
    /// millisecond, as every deadline is: see ``Activity/nextDeadline(after:)``).
    public var automaticEndDate: Date {
        Instant.canonical(startedAt.addingTimeInterval(SessionLimits.maximumActivityDuration))
    }

    /// The instant the ended activity is dismissed (to the millisecond), or `nil` while it
    /// is live.
    public var dismissalDate: Date? {
        endedAt.map { Instant.canonical(dismissalPolicy.dismissalDate(endedAt: $0)) }
    }

    /// The status at `instant`, for content that says it becomes stale at `staleDate`.
    public func status(at instant: Date, staleDate: Date?) -> ActivityStatus {
        if let dismissalDate, instant >= dismissalDate { return .dismissed }
        if endedAt != nil { return .ended }
        if let staleDate, instant >= staleDate { return .stale }
        return .active
    }

    /// This lifecycle, ended at `instant` (not before it started).
    func ended(at instant: Date) -> ActivityLifecycle {
        ActivityLifecycle(startedAt: startedAt, endedAt: max(instant, startedAt), dismissalPolicy: dismissalPolicy)
    }
}

extension ActivityLifecycle: Codable {
    enum CodingKeys: String, CodingKey {
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case dismissalPolicy = "dismissal_policy"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let startedAt = try container.decodeInstant(forKey: .startedAt)
        let endedAt = try container.decodeInstantIfPresent(forKey: .endedAt)
        if let endedAt, endedAt < startedAt {
            throw DecodingError.dataCorruptedError(
                forKey: .endedAt, in: container, debugDescription: "'ended_at' is before 'started_at'")
        }
        self.init(
            startedAt: startedAt, endedAt: endedAt,
            dismissalPolicy: try container.decode(DismissalPolicy.self, forKey: .dismissalPolicy))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeInstant(startedAt, forKey: .startedAt)
        try container.encodeInstant(endedAt, forKey: .endedAt)
        try container.encode(dismissalPolicy, forKey: .dismissalPolicy)
    }
}
