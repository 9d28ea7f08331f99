import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The committed activities of a storage that keeps them in memory (the JSON files' and
/// the in-memory double's), with what ``SyncStorage`` is asked of them: by id, by creation
/// key, by owner, by deadline, and whether each write of a batch still holds.
public struct ActivityIndex: Sendable {
    /// Every activity, by id.
    public private(set) var activities: [String: StoredActivity] = [:]
    /// The activity each keyed creation made, by the digest of its key.
    private var creations: [String: String] = [:]
    /// The next clock-rule deadline of each activity that has one (dismissed ones have none).
    private var deadlines: [String: Date] = [:]

    /// An index of `activities`.
    public init(_ activities: [String: StoredActivity] = [:]) {
        for stored in activities.values { put(stored) }
    }

    /// The activity `id`.
    public func activity(_ id: String) -> StoredActivity? { activities[id] }

    /// The activity the keyed creation `key` made.
    public func activity(createdWith key: IdempotencyKey) -> StoredActivity? {
        creations[key.digest].flatMap { activities[$0] }
    }

    /// Every activity, or only `owner`'s.
    public func activities(ownedBy owner: String?) -> [StoredActivity] {
        guard let owner else { return Array(activities.values) }
        return activities.values.filter { $0.owner == owner }
    }

    /// How many of `owner`'s activities have not ended.
    public func liveCount(ownedBy owner: String) -> Int {
        activities.values.lazy.filter { $0.owner == owner && !$0.snapshot.activity.content.isEnded }.count
    }

    /// The ids of the activities due at `instant`, earliest first, at most `limit`.
    public func due(at instant: Date, limit: Int) -> [String] {
        deadlines.filter { $0.value <= instant }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(limit).map(\.key)
    }

    /// The earliest deadline of any activity.
    public var nextDeadline: Date? { deadlines.values.min() }

    /// Whether each write of `batch` holds, taken in order as if the earlier ones were
    /// applied: a write holds when its activity is at its expected version, or, for a
    /// creation, when neither its id nor its creation key is taken.
    public func conditions(of batch: [SyncWrite]) -> [SyncWriteResult] {
        var versions: [String: UInt64] = [:]
        var takenKeys: Set<String> = []
        return batch.map { write in
            let id = write.id
            let version = versions[id] ?? activities[id]?.snapshot.version
            let holds: Bool
            if let expected = write.expectedVersion {
                holds = version == expected
            } else {
                let key = write.activity.creation?.keyDigest
                holds = version == nil && key.map { creations[$0] == nil && !takenKeys.contains($0) } ?? true
            }
            guard holds else { return .conflict }
            versions[id] = write.activity.snapshot.version
            if let key = write.activity.creation?.keyDigest { takenKeys.insert(key) }
            return .committed
        }
    }

    /// Applies the writes of `batch` whose result is ``SyncWriteResult/committed``.
    public mutating func apply(_ batch: [SyncWrite], results: [SyncWriteResult]) {
        for (write, result) in zip(batch, results) where result == .committed { put(write.activity) }
    }

    private mutating func put(_ stored: StoredActivity) {
        let id = stored.snapshot.id
        activities[id] = stored
        deadlines[id] = stored.snapshot.nextRuleDeadline
        if let key = stored.creation?.keyDigest { creations[key] = id }
    }
}

/// A storage that keeps every committed activity in memory, in an ``ActivityIndex`` (the
/// JSON files' and the in-memory double's): its reads are the index's, under its lock.
public protocol IndexedSyncStorage: SyncStorage {
    /// Runs `read` on the index as committed, under the storage's lock.
    func readIndex<Result: Sendable>(_ read: (ActivityIndex) -> Result) -> Result
}

extension IndexedSyncStorage {
    public func activity(_ id: String) async throws -> StoredActivity? {
        readIndex { $0.activity(id) }
    }

    public func activity(createdWith key: IdempotencyKey) async throws -> StoredActivity? {
        readIndex { $0.activity(createdWith: key) }
    }

    public func activities(ownedBy owner: String?) async throws -> [StoredActivity] {
        readIndex { $0.activities(ownedBy: owner) }
    }

    public func liveCount(ownedBy owner: String) async throws -> Int {
        readIndex { $0.liveCount(ownedBy: owner) }
    }

    public func due(at instant: Date, limit: Int) async throws -> [String] {
        readIndex { $0.due(at: instant, limit: limit) }
    }

    public func nextDeadline() async throws -> Date? {
        readIndex { $0.nextDeadline }
    }
}
