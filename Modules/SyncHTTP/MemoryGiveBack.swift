import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Gives the memory of a burst of connections back to the system once they close (issue
/// #26, item 7), so a long-running server's resident memory follows its load rather than
/// its worst burst.
///
/// Nothing leaks after a burst: the connections' buffers are freed. But glibc keeps freed
/// memory in its arenas, one per thread that allocated (up to eight per core), and returns
/// only what lies at the top of each heap: measured with 2,000 event streams, `moments
/// serve` went from 36 to 127 MB and stayed there, and a second burst on other threads
/// ratcheted it to 154 MB. The remedy is glibc's own: `malloc_trim(0)` once a burst has
/// closed (the count of open connections fell by ``minimumDrop`` and to half its peak), a
/// second after the fall began, so a burst is trimmed once, not at every close. It returns
/// the free pages inside every arena, also those of other threads: in release, 29 MB before,
/// 106 MB during and 42 MB after each of three bursts.
///
/// Limiting the arenas (`mallopt(M_ARENA_MAX, cores)`) was tried beside it and dropped: it
/// gave back no more after a burst, and cost a tenth of the durable intents per second
/// (4,030-4,230 against 3,610-3,700 in-process, the same run order) by making the
/// server's threads share their allocators.
///
/// `malloc_trim` is looked up at run time (`dlsym`): Swift's Glibc module does not import
/// `malloc.h`, and on another C library it is simply not called.
final class MemoryGiveBack: Sendable {
    /// How many connections must have closed since the peak before a trim.
    static let minimumDrop = 128
    /// How long after a burst starts closing its memory is given back.
    static let delay: DispatchTimeInterval = .seconds(1)

    private struct State {
        var peak = 0
        var current = 0
        var scheduled = false
    }

    private let state = Mutex(State())
    private let trims = Atomic<Int>(0)

    /// A give-back that has seen no connection yet.
    init() {}

    /// How many times memory was given back: for tests and logs.
    var trimCount: Int { trims.load(ordering: .relaxed) }

    /// Notes how many connections are open now, after one opened or closed.
    func noteOpen(_ count: Int) {
        let schedule = state.withLock { state -> Bool in
            state.current = count
            state.peak = max(state.peak, count)
            guard !state.scheduled, state.peak - count >= Self.minimumDrop, count <= state.peak / 2 else { return false }
            state.scheduled = true
            return true
        }
        guard schedule else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.delay) { [self] in
            _ = Self.trim?(0)
            trims.add(1, ordering: .relaxed)
            state.withLock { state in
                state.peak = state.current
                state.scheduled = false
            }
        }
    }

    private typealias Trim = @convention(c) (Int) -> Int32

    /// glibc's `malloc_trim`, if this C library has it.
    private static let trim: Trim? = symbol("malloc_trim").map { unsafeBitCast($0, to: Trim.self) }

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }
}
