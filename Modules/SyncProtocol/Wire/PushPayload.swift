import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A state as the wire carries it, in every response and every server-sent event: an
/// APNs-shaped `aps` dictionary, as a Live Activity push has it, plus the version and id
/// that order it and the complete activity.
///
/// ```json
/// {"aps": {"timestamp": 1795246325.5, "event": "update", "content-state": {…},
///          "stale-date": 1795246560, "dismissal-date": null, "relevance-score": 0.5},
///  "version": 3, "activity_id": "…", "activity": {…}}
/// ```
///
/// APNs' dates (`timestamp`, `stale-date`, `dismissal-date`) are Unix seconds, kept to the
/// millisecond; `activity` holds the Domain JSON of the complete state
/// (Documentation/DomainJSON.md), so one payload is enough to render.
public struct PushPayload: Codable, Hashable, Sendable {
    /// The `aps` dictionary of an APNs Live Activity push.
    public struct APS: Codable, Hashable, Sendable {
        /// Unix seconds of the change.
        public let timestamp: Double
        /// `start`, `update`, `end` or `dismiss`.
        public let event: ActivityEvent
        /// The content state.
        public let contentState: ContentState
        /// Unix seconds from which the content is stale, or `nil`.
        public let staleDate: Double?
        /// Unix seconds at which the activity is dismissed, or `nil` while it is live.
        public let dismissalDate: Double?
        /// How prominently to show it among others: 1 running, 0.5 paused, 0.1 ended.
        public let relevanceScore: Double
        /// What to announce, for changes a person should notice (a bell, the end).
        public let alert: Alert?

        enum CodingKeys: String, CodingKey {
            case timestamp, event, alert
            case contentState = "content-state"
            case staleDate = "stale-date"
            case dismissalDate = "dismissal-date"
            case relevanceScore = "relevance-score"
        }

        /// Writes every APNs key, `null` where there is no date, so a reader always finds them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(timestamp, forKey: .timestamp)
            try container.encode(event, forKey: .event)
            try container.encode(contentState, forKey: .contentState)
            try container.encode(staleDate, forKey: .staleDate)
            try container.encode(dismissalDate, forKey: .dismissalDate)
            try container.encode(relevanceScore, forKey: .relevanceScore)
            try container.encodeIfPresent(alert, forKey: .alert)
        }
    }

    /// An APNs alert.
    public struct Alert: Codable, Hashable, Sendable {
        /// The headline.
        public let title: String
        /// The line under it.
        public let body: String
    }

    /// The APNs-shaped part.
    public let aps: APS
    /// The version that orders this state.
    public let version: UInt64
    /// Which activity.
    public let activityID: String
    /// The complete activity.
    public let activity: Activity
    /// The bell this change rang, for every surface to present once; absent when none.
    public let bell: BellAlert?

    package enum CodingKeys: String, CodingKey {
        case aps, version, activity, bell
        case activityID = "activity_id"
    }

    /// The payload of a snapshot.
    public init(_ snapshot: ActivitySnapshot) {
        let activity = snapshot.activity
        let content = activity.content
        aps = APS(
            timestamp: Self.unixSeconds(snapshot.timestamp), event: snapshot.event, contentState: content,
            staleDate: activity.staleDate.map(Self.unixSeconds),
            dismissalDate: activity.lifecycle.dismissalDate.map(Self.unixSeconds),
            relevanceScore: content.isEnded ? 0.1 : content.isPaused ? 0.5 : 1,
            alert: snapshot.event == .end ? Self.endAlert(activity) : snapshot.alert.map { Self.bellAlert($0, activity) })
        version = snapshot.version
        activityID = snapshot.id
        self.activity = activity
        bell = snapshot.alert
    }

    /// The snapshot this payload carries.
    public var snapshot: ActivitySnapshot {
        ActivitySnapshot(
            id: activityID, version: version, timestamp: Date(timeIntervalSince1970: aps.timestamp),
            event: aps.event, activity: activity, alert: bell)
    }

    private static func unixSeconds(_ date: Date) -> Double {
        Double(Instant.milliseconds(date)) / 1_000
    }

    private static func bellAlert(_ bell: BellAlert, _ activity: Activity) -> Alert {
        let content = activity.content
        let time = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
        return Alert(title: bell.title, body: "\(activity.attributes.name.value) · \(time)")
    }

    private static func endAlert(_ activity: Activity) -> Alert {
        let content = activity.content
        let time = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
        let title: String
        switch content.outcome {
        case .completed: title = "Session complete"
        case .finishedEarly: title = "Session finished"
        case .cancelled: title = "Session cancelled"
        case .expired: title = "Session ended after 8 hours"
        case nil: title = "Session ended"
        }
        return Alert(title: title, body: "\(activity.attributes.name.value) · \(time)")
    }
}
