#if canImport(Glibc)
    import Glibc
#endif

/// Writes text whole to a file descriptor: standard output, standard error, a terminal.
///
/// Foundation's `FileHandle` is not in FoundationEssentials, and loading all of Foundation
/// for it costs the live app megabytes (ADR 0016). A write may be short, interrupted by a
/// signal, or refused for now by a non-blocking descriptor (a terminal another program set
/// to `O_NONBLOCK`); the first two are retried at once, the last after `poll(2)` says the
/// descriptor can take more. Any other failure (a closed pipe) drops the rest, as a
/// terminal program's output has nowhere else to go.
public enum DescriptorOutput {
    /// Standard output.
    public static let standardOutput: Int32 = 1
    /// Standard error.
    public static let standardError: Int32 = 2

    /// Writes all of `text` to `descriptor`, or as much as it accepts before failing.
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, base, left)
                if written > 0 {
                    base += written
                    left -= written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1_000)
                } else {
                    return
                }
            }
        }
    }

    /// Whether `descriptor` still has a reader: false once the other end of a pipe or
    /// socket is gone (`poll(2)` says POLLERR or POLLHUP), which a program that only writes,
    /// such as a status bar's module, takes as its cue to end.
    public static func hasReader(_ descriptor: Int32) -> Bool {
        var state = pollfd(fd: descriptor, events: 0, revents: 0)
        guard poll(&state, 1, 0) >= 0 else { return true }
        return state.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
    }
}
