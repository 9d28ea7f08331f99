import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The rules of a shared server (`moments serve --require-keys`, ADR 0021): each activity
/// belongs to the person's access key that made it; a person lists only their own, and has at
/// most so many live at once. Beside ``SyncServer``'s own rules, which they do not change.
extension SyncServer {
    /// The activities of the key `owner`, active ones first, without tokens.
    public func list(ownedBy owner: String) async throws(SyncError) -> [ActivitySummary] {
        let now = clock.now()
        return try await committedActivities(ownedBy: owner).map { ActivitySummary($0.snapshot, at: now) }
            .sorted(by: ActivitySummary.listingOrder)
    }

    /// An activity's current durable state, for the holder of its token.
    ///
    /// - Throws: `SyncError.notFound(id:)`, `SyncError.missingToken` or `SyncError.wrongToken`.
    public func snapshot(of id: String, token: String?) async throws(SyncError) -> ActivitySnapshot {
        _ = try await authorize(id, token)
        return try await snapshot(of: id)
    }

    /// The id of the key that owns activity `id`, for the holder of its token; `nil` for an
    /// activity made without a key.
    ///
    /// - Throws: as ``snapshot(of:token:)``.
    public func owner(of id: String, token: String?) async throws(SyncError) -> String? {
        try await authorize(id, token).owner
    }

    /// How many of `owner`'s activities have not ended, counting creations not yet durable.
    public func liveCount(ownedBy owner: String) async throws(SyncError) -> Int {
        let pending = commits.unfinished.values.filter { $0.owner == owner && $0.snapshot.version == 1 }.count
        do {
            return try await storage.liveCount(ownedBy: owner) + pending
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    /// Refuses a group sit that would give `owner` more than `limit` open channels (group
    /// sits whose code still lets followers in, ADR 0072). `Retry-After` is when the first
    /// of them closes by itself at the latest (its dismissal, after its planned end);
    /// revoking a code frees a place at once.
    func refusePastGroupLimit(owner: String, limit: Int) async throws(SyncError) {
        let now = clock.now()
        let open: [Activity]
        do {
            open = try await storage.activities(ownedBy: owner).map(\.snapshot.activity).filter { $0.isFollowable(at: now) }
        } catch {
            throw .storageFailed(String(describing: error))
        }
        guard open.count >= limit else { return }
        let closes = open.map { activity in
            activity.lifecycle.dismissalDate
                ?? activity.lifecycle.dismissalPolicy.dismissalDate(
                    endedAt: activity.content.completionDate.map { min($0, activity.lifecycle.automaticEndDate) }
                        ?? activity.lifecycle.automaticEndDate)
        }.min() ?? now
        throw .tooManyRequests(
            retryAfter: max(1, Int(closes.timeIntervalSince(now).rounded(.up))),
            reason: "This key already leads \(limit) group sits whose codes are open; revoke one (`moments group revoke`) "
                + "or wait for one to end")
    }

    /// Refuses a creation that would give `owner` more than `limit` live activities.
    func refusePastLiveLimit(owner: String, limit: Int) async throws(SyncError) {
        guard try await liveCount(ownedBy: owner) >= limit else { return }
        throw .tooManyRequests(
            retryAfter: 60,
            reason: "This key already has \(limit) sessions that have not ended; finish or cancel one first")
    }
}
