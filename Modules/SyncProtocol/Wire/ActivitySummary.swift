import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An activity as a listing shows it: no token, enough to choose one to watch.
public struct ActivitySummary: Hashable, Sendable, Codable {
    /// The activity's id.
    public let id: String
    /// Its session's name.
    public let name: String
    /// Its status when listed.
    public let status: ActivityStatus
    /// Its current version.
    public let version: UInt64
    /// Its complete current state.
    public let activity: Activity

    /// The summary of a snapshot at `instant`.
    public init(_ snapshot: ActivitySnapshot, at instant: Date) {
        id = snapshot.id
        name = snapshot.activity.attributes.name.value
        status = snapshot.event == .dismiss ? .dismissed : snapshot.activity.status(at: instant)
        version = snapshot.version
        activity = snapshot.activity
    }

    /// A summary as a server listed it.
    public init(id: String, name: String, status: ActivityStatus, version: UInt64, activity: Activity) {
        self.id = id
        self.name = name
        self.status = status
        self.version = version
        self.activity = activity
    }

    /// Active and stale activities first, then ended, then dismissed; newest first within each.
    public static func listingOrder(_ lhs: ActivitySummary, _ rhs: ActivitySummary) -> Bool {
        func rank(_ status: ActivityStatus) -> Int {
            switch status {
            case .active, .stale: return 0
            case .ended: return 1
            case .dismissed: return 2
            }
        }
        if rank(lhs.status) != rank(rhs.status) { return rank(lhs.status) < rank(rhs.status) }
        return lhs.activity.lifecycle.startedAt > rhs.activity.lifecycle.startedAt
    }
}

/// What creating an activity answers: its id, the bearer token for everything about it,
/// and its state.
public struct CreatedActivity: Hashable, Sendable, Codable {
    /// The new activity's id.
    public let id: String
    /// The secret that authorises intents and event streams for it.
    public let token: String
    /// Its first snapshot (event `start`, version 1); for a replay, its current one.
    public let state: ActivitySnapshot
    /// Whether this answers a retried creation (the same idempotency key) with the activity
    /// it made before, rather than a new one: HTTP says so with 200 instead of 201.
    public let isReplay: Bool
    /// For a group sit, the secret of its channel, which lets others follow it and do
    /// nothing else (``JoinCode`` pairs it with the id); `nil` for a sit alone.
    public let followCode: String?

    /// A creation answer.
    public init(id: String, token: String, state: ActivitySnapshot, isReplay: Bool = false, followCode: String? = nil) {
        self.id = id
        self.token = token
        self.state = state
        self.isReplay = isReplay
        self.followCode = followCode
    }

    /// The code others join a group sit with; `nil` for a sit alone.
    public var joinCode: JoinCode? { followCode.map { JoinCode(id: id, secret: $0) } }

    package enum CodingKeys: String, CodingKey {
        case id, token, state
        case isReplay = "is_replay"
        case followCode = "follow_code"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        token = try container.decode(String.self, forKey: .token)
        state = try container.decode(ActivitySnapshot.self, forKey: .state)
        // Absent in answers written before replays existed: those were all new.
        isReplay = try container.decodeIfPresent(Bool.self, forKey: .isReplay) ?? false
        followCode = try container.decodeIfPresent(String.self, forKey: .followCode)
    }
}
