/// A checkpoint amended by the records after it: how a storage that keeps one checkpoint
import SyncProtocol
/// per activity journals a write as the little it changed (the new snapshot and the
/// answers it gave) rather than the activity whole with every answer it remembers
/// (ADR 0038).
extension SyncRecord {
    /// The record of what `write` changed, to amend the checkpoint of the activity at
    /// the write's expected version: its snapshot and the answers it gave. `nil` when the
    /// write changes more than that (a creation, or a token sealed again), so that it
    /// must be written whole as the activity's ``StoredActivity/checkpoint``.
    public static func amendment(of write: SyncWrite, over base: StoredActivity?) -> SyncRecord? {
        guard write.expectedVersion != nil, let base, base.token == write.activity.token,
            base.creation == write.activity.creation, base.owner == write.activity.owner,
            base.followCode == write.activity.followCode
        else { return nil }
        return SyncRecord(snapshot: write.activity.snapshot, token: nil, answers: write.answers)
    }

    /// This checkpoint after `amendment`, as ``fold(_:)`` of the two would leave it: its
    /// snapshot moved forward and its answers remembered after this one's, the oldest
    /// forgotten as they were when the amendment was made.
    public mutating func amend(with amendment: SyncRecord) {
        var activities: [String: StoredActivity] = [:]
        StoredActivity.absorb(self, into: &activities)
        StoredActivity.absorb(amendment, into: &activities)
        if let amended = activities[snapshot.id] { self = amended.checkpoint }
    }
}
