#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One meditation session as a Live Activity: its fixed attributes, its current content
/// and its lifecycle. The server holds one of these per activity and changes it only
/// through ``Transition``; observers receive it whole in every push.
public struct Activity: Hashable, Sendable {
    /// What stays fixed: the name and the planned target.
    public let attributes: SessionAttributes
    /// What views show.
    public let content: ContentState
    /// When it started, ended and is dismissed.
    public let lifecycle: ActivityLifecycle

    /// An activity, checked for consistency: its content has ended exactly when its
    /// lifecycle has, and it was not measured before it started.
    public init(
        attributes: SessionAttributes, content: ContentState, lifecycle: ActivityLifecycle
    ) throws(ActivityInconsistency) {
        guard content.isEnded == (lifecycle.endedAt != nil) else {
            throw .endMismatch(contentEnded: content.isEnded)
        }
        guard content.measuredAt >= lifecycle.startedAt else { throw .measuredBeforeStart }
        self.attributes = attributes
        self.content = content
        self.lifecycle = lifecycle
    }

    /// The instant from which what this activity shows counts as stale (ActivityKit's
    /// `staleDate`), or `nil` once it has ended.
    ///
    /// - Running: a little after the server's next expected push (the completion, or the
    ///   automatic end), so an observer that has heard nothing by then knows the server is
    ///   not keeping up.
    /// - Paused: ``SessionLimits/pausedStaleAfter`` after the pause (capped at the automatic
    ///   end): a session left paused that long is probably forgotten, and the server marks
    ///   it stale with a push; resuming makes it fresh again.
    /// - Scheduled: a little after its start, the push the server makes then.
    public var staleDate: Date? {
        guard !content.isEnded else { return nil }
        if let startsAt = content.startsAt { return Instant.canonical(startsAt.addingTimeInterval(SessionLimits.staleGrace)) }
        let automaticEnd = lifecycle.automaticEndDate
        if content.isPaused {
            return min(Instant.canonical(content.measuredAt.addingTimeInterval(SessionLimits.pausedStaleAfter)), automaticEnd)
        }
        let expected = content.completionDate.map { min($0, automaticEnd) } ?? automaticEnd
        return Instant.canonical(expected.addingTimeInterval(SessionLimits.staleGrace))
    }

    /// The next bell before the end its program rings, or `nil` when none is left (or the
    /// session has ended).
    public var nextBell: Bell? {
        guard !content.isEnded else { return nil }
        return attributes.bells?.bell(content.bellsRung, target: content.targetTimeInSeconds)
    }

    /// Whether the group sit's join code lets a follower in at `instant`: a group sit whose
    /// code was not revoked and that is not dismissed. Its channel lives from its start to
    /// its dismissal, as an ActivityKit broadcast channel lives until it is deleted; a sit
    /// alone has none.
    public func isFollowable(at instant: Date) -> Bool {
        attributes.isGroup && lifecycle.codeRevokedAt == nil && status(at: instant) != .dismissed
    }

    /// The status at `instant`, derived from the dates alone.
    public func status(at instant: Date) -> ActivityStatus {
        lifecycle.status(at: instant, staleDate: staleDate)
    }

    /// The first instant after `instant` at which the status or the server's clock rules
    /// (``Transition/advance(_:to:)``) change something: a scheduled start, the completion,
    /// the automatic end, the next bell, going stale, or the dismissal. `nil` when nothing more will happen.
    /// The server sleeps until then instead of ticking, and pushes what changed.
    ///
    /// Every deadline is a millisecond instant (``Instant/canonical(_:)``), as the instant
    /// the rules run at is: so the rule is due when the server wakes at its deadline, not
    /// only a retry later.
    public func nextDeadline(after instant: Date) -> Date? {
        if content.isEnded {
            return lifecycle.dismissalDate.flatMap { $0 > instant ? $0 : nil }
        }
        // A scheduled sit waits for its start alone: every other rule runs from there.
        if let startsAt = content.startsAt { return startsAt > instant ? startsAt : staleDate.flatMap { $0 > instant ? $0 : nil } }
        var candidates = [lifecycle.automaticEndDate]
        if let completion = content.completionDate { candidates.append(completion) }
        if let bell = nextBell, let date = content.date(whenSatReaches: bell.satSeconds) { candidates.append(date) }
        if let staleDate, staleDate > instant { candidates.append(staleDate) }
        return candidates.min()
    }
}

/// Why a decoded or assembled ``Activity`` cannot be right.
public enum ActivityInconsistency: Error, Hashable, Sendable, CustomStringConvertible {
    /// The content says ended and the lifecycle does not, or the other way round.
    case endMismatch(contentEnded: Bool)
    /// The content was measured before the activity started.
    case measuredBeforeStart

    public var description: String {
        switch self {
        case .endMismatch(let contentEnded):
            return contentEnded
                ? "The session has an outcome but the activity has no end date."
                : "The activity has an end date but the session has no outcome."
        case .measuredBeforeStart:
            return "The session's time was measured before the activity started."
        }
    }
}

extension Activity: Codable {
    enum CodingKeys: String, CodingKey { case attributes, content, lifecycle }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                attributes: container.decode(SessionAttributes.self, forKey: .attributes),
                content: container.decode(ContentState.self, forKey: .content),
                lifecycle: container.decode(ActivityLifecycle.self, forKey: .lifecycle))
        } catch let error as ActivityInconsistency {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(content, forKey: .content)
        try container.encode(lifecycle, forKey: .lifecycle)
    }
}
