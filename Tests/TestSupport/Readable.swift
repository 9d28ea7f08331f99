#if canImport(Glibc)
    import Glibc
#endif

/// Waits until `descriptor` has bytes (or its end) to read, answering `true`, or until
/// `deadline` passes, answering `false`; blocks the calling thread, so call it off the
/// cooperative pool (``offThePool(_:)``). The one poll of the raw readers
/// (``RawConnection``, ``DescriptorReader``).
public func waitUntilReadable(_ descriptor: Int32, before deadline: ContinuousClock.Instant) -> Bool {
    while true {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return false }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
        let ready = poll(&poller, 1, milliseconds)
        if ready > 0 { return true }
        if ready < 0, errno != EINTR { return false }
    }
}
