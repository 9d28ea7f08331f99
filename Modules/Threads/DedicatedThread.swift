#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A detached POSIX thread of its own, for work that must not take a thread of Swift's
/// cooperative pool or of Dispatch's: a call that blocks in the kernel for as long as a
/// connection or a pipe lives (`recv` on the bus's socket, `poll(2)` on a bar's output), or
/// work run at a lower priority, which a shared thread must not be left with.
///
/// On Linux, Swift's tasks run on Dispatch's global queues, whose threads are added only
/// about once a second while all of them are blocked: a reader blocked on one of them holds
/// a thread every task of the process waits for (a whole test run, with several connections
/// open, once stood still behind four of them).
///
/// The thread starts with every signal blocked, so a signal sent to the process reaches the
/// thread that waits for it (the live app's signal router, ADR 0019) and never interrupts
/// or ends a thread that knows nothing of it.
public enum DedicatedThread {
    /// Starts `body` on a new detached thread, every signal blocked; false, with `body` not
    /// run, when the system refuses a thread (the process is at its limit), so the caller
    /// decides what to do instead.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        // The new thread inherits the mask of the thread that creates it.
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let made = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return true
    }

    /// The work, carried across `pthread_create`'s untyped context.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
