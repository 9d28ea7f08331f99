#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dates that decide an activity's ``ActivityStatus``: when it started, when it ended
/// and how it is dismissed; and, for a group sit, when its leader revoked the join code. The status at any instant is computed, never stored, so the
/// server and every observer derive the same answer from the same push.
public struct ActivityLifecycle: Hashable, Sendable {
    /// When the activity started.
    public let startedAt: Date
    /// When it ended, or `nil` while it is live.
    public let endedAt: Date?
    /// How it leaves the screen after the end.
    public let dismissalPolicy: DismissalPolicy
    /// When the leader of a group sit revoked its join code, or `nil` while the code works
    /// (and always for a sit alone). A group sit's channel lives from its start to its
    /// dismissal unless it is revoked first (``Activity/isFollowable(at:)``).
    public let codeRevokedAt: Date?

    /// A lifecycle; dates are kept to the millisecond (see ``Instant``).
    public init(
        startedAt: Date, endedAt: Date? = nil, dismissalPolicy: DismissalPolicy = .default, codeRevokedAt: Date? = nil
    ) {
        self.startedAt = Instant.canonical(startedAt)
        self.endedAt = endedAt.map(Instant.canonical)
        self.dismissalPolicy = dismissalPolicy
        self.codeRevokedAt = codeRevokedAt.map(Instant.canonical)
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
        ActivityLifecycle(
            startedAt: startedAt, endedAt: max(instant, startedAt), dismissalPolicy: dismissalPolicy,
            codeRevokedAt: codeRevokedAt)
    }

    /// This lifecycle of a scheduled sit begun at `instant` (ADR 0074): started then.
    func began(at instant: Date) -> ActivityLifecycle {
        ActivityLifecycle(
            startedAt: max(instant, startedAt), endedAt: endedAt, dismissalPolicy: dismissalPolicy,
            codeRevokedAt: codeRevokedAt)
    }

    /// This lifecycle with its join code revoked at `instant` (not before it started).
    func revokingCode(at instant: Date) -> ActivityLifecycle {
        ActivityLifecycle(
            startedAt: startedAt, endedAt: endedAt, dismissalPolicy: dismissalPolicy,
            codeRevokedAt: max(instant, startedAt))
    }
}

extension ActivityLifecycle: Codable {
    enum CodingKeys: String, CodingKey {
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case dismissalPolicy = "dismissal_policy"
        case codeRevokedAt = "code_revoked_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let startedAt = try container.decodeInstant(forKey: .startedAt)
        let endedAt = try container.decodeInstantIfPresent(forKey: .endedAt)
        if let endedAt, endedAt < startedAt {
            throw DecodingError.dataCorruptedError(
                forKey: .endedAt, in: container, debugDescription: "'ended_at' is before 'started_at'")
        }
        let codeRevokedAt = try container.decodeInstantIfPresent(forKey: .codeRevokedAt)
        if let codeRevokedAt, codeRevokedAt < startedAt {
            throw DecodingError.dataCorruptedError(
                forKey: .codeRevokedAt, in: container, debugDescription: "'code_revoked_at' is before 'started_at'")
        }
        self.init(
            startedAt: startedAt, endedAt: endedAt,
            dismissalPolicy: try container.decode(DismissalPolicy.self, forKey: .dismissalPolicy),
            codeRevokedAt: codeRevokedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeInstant(startedAt, forKey: .startedAt)
        try container.encodeInstant(endedAt, forKey: .endedAt)
        try container.encode(dismissalPolicy, forKey: .dismissalPolicy)
        // Written only once revoked, so every other lifecycle reads and writes as before.
        if let codeRevokedAt { try container.encodeInstant(codeRevokedAt, forKey: .codeRevokedAt) }
    }
}
