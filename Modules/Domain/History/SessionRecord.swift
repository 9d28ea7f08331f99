#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One finished or cancelled session, as the history keeps it.
public struct SessionRecord: Hashable, Sendable, Identifiable {
    /// A unique id, so an append retried after a crash is recognised.
    public let id: UUID
    /// The session's name.
    public let name: SessionName
    /// When it started.
    public let startedAt: Date
    /// When it ended.
    public let endedAt: Date
    /// The target it ended with, or `nil` for an open-ended session.
    public let plannedSeconds: Double?
    /// The time actually sat, paused time excluded, to the millisecond.
    public let actualSeconds: Double
    /// How it ended.
    public let outcome: SessionOutcome

    /// A record, checked: it ends no earlier than it starts, and the time sat is finite and
    /// not negative. Time sat beyond the wall time between start and end is clamped to it.
    /// Durations are rounded to the millisecond (``Seconds/canonical(_:)``), so a record
    /// read from a file an older version wrote (`9.427000045776367`) is written back exact.
    public init(
        id: UUID = UUID(),
        name: SessionName,
        startedAt: Date,
        endedAt: Date,
        plannedSeconds: Double?,
        actualSeconds: Double,
        outcome: SessionOutcome
    ) throws(ValidationError) {
        guard actualSeconds.isFinite else { throw .notFinite(field: "actual_seconds") }
        guard actualSeconds >= 0 else { throw .negative(field: "actual_seconds", value: actualSeconds) }
        let wall = endedAt.timeIntervalSince(startedAt)
        guard wall >= 0 else { throw .negative(field: "ended_at - started_at", value: wall) }
        self.id = id
        self.name = name
        self.startedAt = Instant.canonical(startedAt)
        self.endedAt = Instant.canonical(endedAt)
        self.plannedSeconds = try plannedSeconds.map { (seconds) throws(ValidationError) in
            try SessionLimits.validatedTarget(seconds)
        }
        // The time sat can never exceed the time that passed; a longer claim is clamped.
        self.actualSeconds = min(
            Seconds.canonical(actualSeconds), Seconds.between(self.startedAt, self.endedAt))
        self.outcome = outcome
    }

    /// The record of an ended activity, or `nil` while it is live.
    public init?(ended activity: Activity, id: UUID = UUID()) {
        guard let outcome = activity.content.outcome, let endedAt = activity.lifecycle.endedAt,
            let record = try? SessionRecord(
                id: id, name: activity.attributes.name, startedAt: activity.lifecycle.startedAt,
                endedAt: endedAt, plannedSeconds: activity.content.targetTimeInSeconds,
                actualSeconds: activity.content.secondsElapsed, outcome: outcome)
        else { return nil }
        self = record
    }
}

extension SessionRecord {
    /// The record of a group sit as one follower sat it (ADR 0072): from `joined` (the
    /// sit as they first saw it, at `joinedAt`) to `last` (the last state they saw, at
    /// `leftAt`, or its end if it ended first), counting only the time the sit ran
    /// between. A follower who left before the end finished early; one who saw the end
    /// ended as the sit did. `nil` when nothing was sat in between.
    public init?(followed joined: Activity, at joinedAt: Date, last: Activity, leftAt: Date, id: UUID) {
        let endedAt = last.lifecycle.endedAt ?? leftAt
        let from = max(joinedAt, joined.lifecycle.startedAt)
        let sat = last.content.elapsed(at: endedAt) - joined.content.elapsed(at: from)
        guard sat >= 0.5, endedAt >= from,
            let record = try? SessionRecord(
                id: id, name: last.attributes.name, startedAt: from, endedAt: endedAt,
                plannedSeconds: last.content.targetTimeInSeconds, actualSeconds: sat,
                outcome: last.content.outcome ?? .finishedEarly)
        else { return nil }
        self = record
    }
}

extension SessionRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, outcome
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case plannedSeconds = "planned_seconds"
        case actualSeconds = "actual_seconds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                id: container.decode(UUID.self, forKey: .id),
                name: container.decode(SessionName.self, forKey: .name),
                startedAt: container.decodeInstant(forKey: .startedAt),
                endedAt: container.decodeInstant(forKey: .endedAt),
                plannedSeconds: container.decodeIfPresent(Double.self, forKey: .plannedSeconds),
                actualSeconds: container.decode(Double.self, forKey: .actualSeconds),
                outcome: container.decode(SessionOutcome.self, forKey: .outcome))
        } catch let error as ValidationError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeInstant(startedAt, forKey: .startedAt)
        try container.encodeInstant(endedAt, forKey: .endedAt)
        try container.encode(plannedSeconds, forKey: .plannedSeconds)
        try container.encode(actualSeconds, forKey: .actualSeconds)
        try container.encode(outcome, forKey: .outcome)
    }
}
