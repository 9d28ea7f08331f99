@testable import ShowcaseApp
import Domain
@testable import Fixtures
import Rendering
import TerminalIO
import Synchronization
import Testing

/// The stats screen's numbers are counted once per change of its inputs: `browse` draws
/// the preview on every key, and 100,000 sessions take milliseconds to count.
struct StatsCacheTests {
    /// A counting function that remembers each key it was called with.
    final class Calls: Sendable {
        let keys = Mutex<[StatsCache.Key]>([])
        func count(_ key: StatsCache.Key) -> SessionStats {
            keys.withLock { $0.append(key) }
            return SessionStatsMother.makeStats(records: key.records.records, days: key.days)
        }
    }

    @Test("a key is counted once, however often it is asked; another key is counted once too")
    func countsOnce() {
        let calls = Calls()
        let cache = StatsCache(count: calls.count)
        let year = StatsCache.Key(records: .year, days: 84)
        let week = StatsCache.Key(records: .year, days: 7)
        for _ in 0..<5 { #expect(cache.stats(year) == SessionStatsMother.makeStats(records: RecordSet.year.records)) }
        #expect(cache.stats(week) == SessionStatsMother.makeStats(records: RecordSet.year.records, days: 7))
        _ = cache.stats(year)
        #expect(calls.keys.withLock { $0 } == [year, week])
        #expect(cache.timesCounted(year) == 1)
    }

    @Test("past its capacity it drops the oldest stats, and counts them again when asked")
    func capacity() {
        let calls = Calls()
        let cache = StatsCache(capacity: 2, count: calls.count)
        let keys = [7, 14, 21].map { StatsCache.Key(records: .one, days: $0) }
        for key in keys { _ = cache.stats(key) }
        _ = cache.stats(keys[2])
        _ = cache.stats(keys[1])
        _ = cache.stats(keys[0])
        #expect(calls.keys.withLock { $0 } == keys + [keys[0]])
    }

    @Test("browse redrawing an edited stats scenario counts its stats once, not per frame")
    func browseRedraws() throws {
        var state = BrowseState(selecting: "Stats/Overview/longStreak")
        _ = state.handle(.tab)
        _ = state.handle(.down)
        _ = state.handle(.left)
        let recipe = try #require(state.scenario?.recipe as? StatsRecipe)
        // A key no other test draws, so tests running alongside do not count it.
        #expect(recipe.statsKey == StatsCache.Key(records: .longStreak, days: 77))
        let environment = Variant(depth: .ansi256).environment(now: InstantMother.morning)
        for _ in 0..<4 {
            _ = Frame(rendering: BrowseScreen(state: state), width: 140, height: 44, environment: environment)
        }
        #expect(StatsCache.shared.timesCounted(recipe.statsKey) == 1)
    }
}
