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

    /// A snapshot; the timestamp is kept to the millisecond, as every instant is.
    public init(id: String, version: UInt64, timestamp: Date, event: ActivityEvent, activity: Activity) {
        self.id = id
        self.version = version
        self.timestamp = Instant.canonical(timestamp)
        self.event = event
        self.activity = activity
    }

    /// What an observer compares to decide whether to accept this push.
    public var stamp: PushStamp { PushStamp(version: version, timestamp: timestamp, event: event) }

    enum CodingKeys: String, CodingKey { case id, version, timestamp, event, activity }

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
            activity: try container.decode(Activity.self, forKey: .activity))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encode(Instant.format(timestamp), forKey: .timestamp)
        try container.encode(event, forKey: .event)
        try container.encode(activity, forKey: .activity)
    }
}
