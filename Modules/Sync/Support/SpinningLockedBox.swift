#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a pthread mutex that a thread finding it held tries again, up to
/// ``tries`` times, before it waits in the kernel: the commit lock (ADR 0054).
///
/// Decisions hold the commit lock for a few microseconds each, one after another, from
/// two or more threads (the event loops, the pool's threads). With a plain mutex
/// (`NIOLockedValueBox`) a thread that found it held slept on a futex and was woken by the
/// next unlock: a system call on each side and a wake-up on a loaded core, for a wait
/// shorter than either. Tried again instead, it takes the lock as it is let go. A holder
/// that is descheduled is waited for in the kernel once the tries are spent.
final class SpinningLockedBox<Value>: @unchecked Sendable {
    /// How many times a held lock is tried before the thread waits: 2,000 tries take some
    /// tens of microseconds, several decisions' worth.
    static var tries: Int { 2_000 }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Read and written only with the mutex held.
    private var value: Value

    /// A box holding `value`.
    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held, and answers what it answers.
    func withLockedValue<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        var tried = 0
        while pthread_mutex_trylock(mutex) != 0 {
            tried += 1
            if tried == Self.tries {
                pthread_mutex_lock(mutex)
                break
            }
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
