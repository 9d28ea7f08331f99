import Dispatch
import Synchronization
import Testing
import Threads

#if canImport(Glibc)
    import Glibc
#endif

/// A `DedicatedThread` is a thread of its own, every signal blocked on it, and the caller's
/// own mask left as it was: what the bus's reader and a bar's watch on its output count on.
@Suite struct DedicatedThreadTests {
    /// Signals whose default action does nothing and that no suite sends this process, so a
    /// test thread may unblock them for a moment: started from a thread that takes them, the
    /// new thread must still block them.
    static let harmless: [Int32] = [SIGWINCH, SIGCHLD, SIGURG]
    /// Signals a thread of its own must never take, the signal router's (ADR 0019).
    static let routed: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]

    static func mask(with signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    static func blocked(among signals: [Int32]) -> [Int32] {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return signals.filter { sigismember(&mask, $0) == 1 }
    }

    @Test("started from a thread that takes signals, the body runs on another thread with every signal blocked, and the caller's mask is as it was")
    func ownThreadEverySignalBlocked() throws {
        let seen = Mutex<(thread: pthread_t, blocked: [Int32])?>(nil)
        let done = DispatchSemaphore(value: 0)
        var unblock = Self.mask(with: Self.harmless)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        let started = DedicatedThread.start {
            let blocked = Self.blocked(among: Self.harmless + Self.routed)
            seen.withLock { $0 = (pthread_self(), blocked) }
            done.signal()
        }
        let callerAfter = Self.blocked(among: Self.harmless)
        pthread_sigmask(SIG_SETMASK, &previous, nil)

        #expect(started)
        #expect(callerAfter.isEmpty, "the caller's mask changed: \(callerAfter) blocked")
        #expect(done.wait(timeout: .now() + 60) == .success)
        let body = try #require(seen.withLock { $0 })
        #expect(pthread_equal(body.thread, pthread_self()) == 0)
        #expect(body.blocked == Self.harmless + Self.routed)
    }
}
