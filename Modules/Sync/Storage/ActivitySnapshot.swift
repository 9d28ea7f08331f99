import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An activity as the server holds it and pushes it: the complete state, stamped with the
/// version and timestamp that order it. Every push carries one of these whole; an observer
/// decides whether to take it with ``Domain/PushOrdering``.
public struct ActivitySnapshot: Hashable, Sendable, Codable {
    /// The activity's id, unique on its server.
    public let id: String
    /// Strictly increasing with every change of this activity.
    public let version: UInt64
    /// The server's clock when it made the change; never decreases.
    public let timestamp: Date
    /// What the change was.
    public let event: ActivityEvent
    /// The complete activity after the change.
    public let activity: Activity
    /// The bell the change rang, which every surface presents once (``BellAlert``).
    public let alert: BellAlert?

    /// A snapshot; the timestamp is kept to the millisecond, as every instant is.
    public init(
        id: String, version: UInt64, timestamp: Date, event: ActivityEvent, activity: Activity, alert: BellAlert? = nil
    ) {
        self.id = id
        self.version = version
        self.timestamp = Instant.canonical(timestamp)
        self.event = event
        self.activity = activity
        self.alert = alert
    }

    /// The state after this one: version and timestamp moved on (the timestamp never
    /// back), with the bell the change from this state rings (``BellAlert/rung(from:to:)``).
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
