import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules of a shared server (`moments serve --require-keys`, ADR 0021): each activity
/// belongs to the person's key that made it; a person lists only their own, and has at
/// most so many live at once. Beside ``SyncServer``'s own rules, which they do not change.
extension SyncServer {
    /// The activities of the key `owner`, active ones first, without tokens.
    public func list(ownedBy owner: String) -> [ActivitySummary] {
        let now = clock.now()
        return durable.values.filter { $0.owner == owner }.map { ActivitySummary($0.snapshot, at: now) }
            .sorted(by: ActivitySummary.listingOrder)
    }

    /// An activity's current durable state, for the holder of its token.
    ///
    /// - Throws: ``SyncError/notFound(id:)``, ``SyncError/missingToken`` or ``SyncError/wrongToken``.
    public func snapshot(of id: String, token: String?) throws(SyncError) -> ActivitySnapshot {
        try authorize(id, token)
        return try snapshot(of: id)
    }

    /// The id of the key that owns activity `id`, for the holder of its token; `nil` for an
    /// activity made without a key.
    ///
    /// - Throws: as ``snapshot(of:token:)``.
    public func owner(of id: String, token: String?) throws(SyncError) -> String? {
        try authorize(id, token)
        return activities[id]?.owner
    }

    /// How many of `owner`'s activities have not ended, counting creations not yet durable.
    public func liveCount(ownedBy owner: String) -> Int {
        activities.values.lazy.filter { $0.owner == owner && !$0.snapshot.activity.content.isEnded }.count
    }

    /// Refuses a creation that would give `owner` more than `limit` live activities.
    func refusePastLiveLimit(owner: String, limit: Int) throws(SyncError) {
        guard liveCount(ownedBy: owner) >= limit else { return }
        throw .tooManyRequests(
            retryAfter: 60,
            reason: "This key already has \(limit) sessions that have not ended; finish or cancel one first")
    }
}
