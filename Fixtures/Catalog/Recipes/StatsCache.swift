import Domain
import Synchronization

/// Stats already counted, by the inputs they depend on: which records, over how many
/// days. Counting 100,000 sessions takes milliseconds, and `browse` draws its preview
/// again on every key, so the stats screen is counted once per change of its inputs,
/// not once per frame.
///
/// It keeps at most ``capacity`` stats, dropping the oldest first, so walking the days
/// input through its range does not hold hundreds of them.
final class StatsCache: Sendable {
    /// What a stats screen's numbers depend on.
    struct Key: Hashable, Sendable {
        /// Which records.
        let records: RecordSet
        /// How many days the charts cover.
        let days: Int
    }

    private struct State {
        var stats: [Key: SessionStats] = [:]
        var order: [Key] = []
        var counted: [Key: Int] = [:]
    }

    /// The most stats kept at once.
    let capacity: Int
    private let count: @Sendable (Key) -> SessionStats
    private let state = Mutex(State())

    /// A cache that counts the stats of a key with `count` the first time it is asked.
    init(capacity: Int = 32, count: @escaping @Sendable (Key) -> SessionStats) {
        self.capacity = max(1, capacity)
        self.count = count
    }

    /// The one the catalog's stats scenarios share: the Mother's stats, as of the
    /// fixtures' morning.
    static let shared = StatsCache { key in
        SessionStatsMother.makeStats(records: key.records.records, days: key.days)
    }

    /// The stats of `key`, counted now only if they are not kept. Counting happens outside
    /// the lock, so two keys are counted side by side; two threads asking for the same new
    /// key at once may both count it, and get equal stats.
    func stats(_ key: Key) -> SessionStats {
        if let kept = state.withLock({ $0.stats[key] }) { return kept }
        let stats = count(key)
        state.withLock { state in
            state.counted[key, default: 0] += 1
            guard state.stats[key] == nil else { return }
            if state.order.count >= capacity { state.stats[state.order.removeFirst()] = nil }
            state.stats[key] = stats
            state.order.append(key)
        }
        return stats
    }

    /// How many times the stats of `key` were counted: what shows a redraw does not count
    /// them again.
    func timesCounted(_ key: Key) -> Int {
        state.withLock { $0.counted[key] ?? 0 }
    }
}
