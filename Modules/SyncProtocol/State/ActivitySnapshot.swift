import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An activity as the server holds it and pushes it: the complete state, stamped with the
/// version and timestamp that order it. Every push carries one of these whole; an observer
/// decides whether to take it with `Domain.PushOrdering`.
public struct ActivitySnapshot: Hashable, Sendable, Codable {
    /// The activity's id, unique on its server.
    public var id: String { fields.id }
    /// Strictly increasing with every change of this activity.
    public var version: UInt64 { fields.version }
    /// The server's clock when it made the change; never decreases.
    public var timestamp: Date { fields.timestamp }
    /// What the change was.
    public var event: ActivityEvent { fields.event }
    /// The complete activity after the change.
    public var activity: Activity { fields.activity }
    /// The bell the change rang, which every surface presents once (`BellAlert`).
    public var alert: BellAlert? { fields.alert }

    /// The fields, made once and shared by every copy: a snapshot is copied many times on
    /// its way from a decision to its answer, its journal line and its pushes (into the
    /// answer remembered, the write queued, the batch, the index), and inline it was 264
    /// bytes with a dozen references to retain at each copy (ADR 0044). Never changed.
    private final class Fields: Sendable {
        let id: String
        let version: UInt64
        let timestamp: Date
        let event: ActivityEvent
        let activity: Activity
        let alert: BellAlert?

        init(id: String, version: UInt64, timestamp: Date, event: ActivityEvent, activity: Activity, alert: BellAlert?) {
            self.id = id
            self.version = version
            self.timestamp = timestamp
            self.event = event
            self.activity = activity
            self.alert = alert
        }
    }

    private let fields: Fields

    /// A snapshot; the timestamp is kept to the millisecond, as every instant is.
    public init(
        id: String, version: UInt64, timestamp: Date, event: ActivityEvent, activity: Activity, alert: BellAlert? = nil
    ) {
        fields = Fields(
            id: id, version: version, timestamp: Instant.canonical(timestamp), event: event, activity: activity, alert: alert)
    }

    /// Whether two snapshots hold the same fields: at once when they are copies of one.
    public static func == (lhs: ActivitySnapshot, rhs: ActivitySnapshot) -> Bool {
        if lhs.fields === rhs.fields { return true }
        return lhs.version == rhs.version && lhs.id == rhs.id && lhs.timestamp == rhs.timestamp
            && lhs.event == rhs.event && lhs.activity == rhs.activity && lhs.alert == rhs.alert
    }

    /// Whether this is a copy of `other`: the same fields, not only equal ones. Answers at
    /// once, where `==` compares the fields of snapshots made apart.
    package func isCopy(of other: ActivitySnapshot) -> Bool { fields === other.fields }

    /// Hashes every field, as equality compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(version)
        hasher.combine(timestamp)
        hasher.combine(event)
        hasher.combine(activity)
        hasher.combine(alert)
    }

    /// The state after this one: version and timestamp moved on (the timestamp never
    /// back), with the bell the change from this state rings (`BellAlert.rung(from:to:)`).
    public func next(_ event: ActivityEvent, activity next: Activity, at now: Date) -> ActivitySnapshot {
        ActivitySnapshot(
            id: id, version: version + 1, timestamp: max(now, timestamp), event: event, activity: next,
            alert: BellAlert.rung(from: activity, to: next))
    }

    /// What an observer compares to decide whether to accept this push.
    public var stamp: PushStamp { PushStamp(version: version, timestamp: timestamp, event: event) }

    enum CodingKeys: String, CodingKey { case id, version, timestamp, event, activity, alert }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let timestamp = Instant.parse(try container.decode(String.self, forKey: .timestamp)) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timestamp, in: container,
                debugDescription: "'timestamp' must be an RFC 3339 instant such as 2026-11-21T07:30:00.000Z")
        }
        self.init(
            id: try container.decode(String.self, forKey: .id),
            version: try container.decode(UInt64.self, forKey: .version),
            timestamp: timestamp,
            event: try container.decode(ActivityEvent.self, forKey: .event),
            activity: try container.decode(Activity.self, forKey: .activity),
            alert: try container.decodeIfPresent(BellAlert.self, forKey: .alert))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encode(Instant.format(timestamp), forKey: .timestamp)
        try container.encode(event, forKey: .event)
        try container.encode(activity, forKey: .activity)
        try container.encodeIfPresent(alert, forKey: .alert)
    }
}
