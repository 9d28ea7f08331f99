#if canImport(Glibc)
    import Glibc
#endif

/// A watch on folders through Linux's `inotify(7)`, for a waiter that must wake when
/// another process changes something there instead of looking again on a timer: a lock
/// file closed by its dying holder, a runtime file written or removed.
///
/// A wake says only that something happened; the waiter looks at the files again. Events
/// that come while nobody waits are kept by the kernel until the next wait, so nothing
/// that happens after the watch is made is missed.
public final class FileWatch: Sendable {
    /// What to wake for in a watched folder.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32

        /// Makes a set from inotify's bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// An entry made, removed or renamed into or out of the folder.
        public static let entries = Events(rawValue: UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM))
        /// A file of the folder opened for writing and closed, which is how a `flock` on
        /// it is released, also when the kernel closes the files of a killed process.
        public static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
    }

    /// The inotify descriptor, for a reader that waits on it by other means (a dispatch
    /// source); ``drain()`` empties it.
    public let descriptor: Int32
    private let closed: Guarded<Bool>

    /// A watch on each folder with its events, or `nil` when the system cannot watch
    /// any of them (no inotify, its limits reached, no folder there).
    public init?(_ folders: [(path: String, events: Events)]) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var watching = 0
        for (path, events) in folders where inotify_add_watch(descriptor, path, events.rawValue | UInt32(IN_ONLYDIR)) >= 0 {
            watching += 1
        }
        guard watching > 0 else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        closed = Guarded(false)
    }

    /// Waits until something happens in a watched folder (answers `true`) or `timeout`
    /// has passed without anything (answers `false`), blocking the calling thread.
    public func wait(upTo timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let result = poll(&ready, 1, milliseconds)
            if result > 0 {
                drain()
                return true
            }
            if result < 0, errno != EINTR { return false }
        }
    }

    /// Reads every event waiting, so the next wait sleeps until a new one.
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Stops watching; later calls do nothing.
    public func close() {
        closed.withLock { done in
            guard !done else { return }
            done = true
            Glibc.close(descriptor)
        }
    }

    deinit {
        close()
    }
}
