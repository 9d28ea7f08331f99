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
/// ratcheted it to 154 MB. Two remedies, both glibc's own:
///
/// - `malloc_trim(0)` once a burst has closed (the count of open connections fell by
///   ``minimumDrop`` and to half its peak), a second after the fall began, so a burst is
///   trimmed once, not at every close: it returns the free pages inside every arena
///   (127 → 54 MB);
/// - `mallopt(M_ARENA_MAX, cores)` at start, so bursts served by other threads do not
///   grow new arenas of their own.
///
/// Both are looked up at run time (`dlsym`): Swift's Glibc module does not import
/// `malloc.h`, and on another C library they are simply not called.
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

    /// Limits glibc's arenas to one per core (at least two), once per process.
    init() {
        _ = Self.limitArenas
    }

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
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    /// glibc's `malloc_trim`, if this C library has it.
    private static let trim: Trim? = symbol("malloc_trim").map { unsafeBitCast($0, to: Trim.self) }

    /// glibc's `M_ARENA_MAX` (malloc.h).
    private static let arenaMax: Int32 = -8

    private static let limitArenas: Void = {
        guard let mallopt = symbol("mallopt").map({ unsafeBitCast($0, to: Option.self) }) else { return }
        _ = mallopt(arenaMax, Int32(max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }()

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }
}
