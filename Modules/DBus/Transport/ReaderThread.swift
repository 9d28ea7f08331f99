import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for a loop that blocks on a socket for a connection's whole life.
///
/// Not one of Dispatch's: on Linux, Swift's tasks run on Dispatch's global queues, whose
/// threads are added only about once a second while all of them are blocked; a reader
/// blocked in `recv` on one of them holds a thread every task of the process waits for
/// (a whole test run, with several connections open, stood still behind four of them).
enum ReaderThread {
    /// Runs `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box)
        guard started == 0 else {
            // No thread to be had (the process is at its limit): a blocked Dispatch thread
            // is still better than no reader at all.
            let body = Unmanaged<Body>.fromOpaque(box).takeRetainedValue()
            DispatchQueue.global(qos: .userInitiated).async(execute: body.run)
            return
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
