#if canImport(Glibc)
    import Glibc
#endif
import Threads

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

    /// Yields once, and ends, when `descriptor` loses its reader: the other end of its pipe
    /// or socket closed (a status bar restarted, the tmux server whose `run-shell` started
    /// this program gone), its terminal hung up. A program that only writes learns it then,
    /// not at its next write, which may be hours away. With a regular file it never yields.
    ///
    /// A thread of its own (all signals blocked: they are the signal sources') sleeps in
    /// `poll(2)` on the descriptor and on a wake-up pipe, which ending the stream writes to,
    /// so the thread ends with the stream.
    public static func readerGone(_ descriptor: Int32) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        guard let wake = WakePipe() else { return stream }
        continuation.onTermination = { _ in wake.wake() }
        let started = DedicatedThread.start {
            var watched = [
                pollfd(fd: descriptor, events: 0, revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            var ready = poll(&watched, 2, -1)
            while ready < 0, errno == EINTR { ready = poll(&watched, 2, -1) }
            if ready > 0, watched[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { continuation.yield() }
            continuation.finish()
        }
        if !started { continuation.finish() }
        return stream
    }
}

/// A pipe whose only use is to wake a thread asleep in `poll(2)`; closed when the last of
/// its holders (the thread, the stream's termination handler) lets it go, so neither
/// writes to a closed descriptor.
private final class WakePipe: Sendable {
    let read: Int32
    let write: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        (read, write) = (ends[0], ends[1])
    }

    func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(write, &byte, 1)
    }

    deinit {
        close(read)
        close(write)
    }
}
