import Domain
import SyncProtocol

/// The figures a scrape counts when it comes, rather than on every request: they cost a
/// read of the storage, and nobody needs them between two scrapes.
extension SyncServer {
    /// Counts the activities that have not ended (running, paused or stale) in the whole
    /// storage, for ``SyncMetrics``' gauge; leaves it as it was when the storage cannot be
    /// read (that failure is counted as a storage error).
    package func countActiveActivities() async {
        guard let metrics, let stored = try? await committedActivities(ownedBy: nil) else { return }
        let now = clock.now()
        metrics.activeActivities(
            stored.count { [.active, .stale].contains(ActivitySummary($0.snapshot, at: now).status) })
    }
}
