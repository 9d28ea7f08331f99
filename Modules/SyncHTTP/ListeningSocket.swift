import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket on 127.0.0.1 that is bound and listening from the moment it is made, with
/// no HTTP server behind it yet: the kernel queues the connections that arrive, and
/// ``firstConnection()`` says when the first one waits, so the server that answers it is
/// built only then (ADR 0037).
///
/// The embedded server of `moments start` is followed by another terminal only now and
/// then; its HTTP server (Hummingbird, NIO and their event loop threads) held about 3 MB of
/// a running session's memory though no watcher ever came. The port is named in the
/// runtime file at once and accepts at once; a watcher's first request waits the few
/// milliseconds the server takes to start.
public final class ListeningSocket: Sendable {
    /// The port the system chose (or the one asked for).
    public let port: Int
    private let descriptor: CInt

    private struct State {
        /// The wait of ``firstConnection()``, while one is under way.
        var source: ReadSource?
        /// A server took the descriptor: closing it is the server's business.
        var taken = false
        /// ``close()`` was called.
        var closed = false
    }

    private let state = Mutex(State())

    private init(descriptor: CInt, port: Int) {
        self.descriptor = descriptor
        self.port = port
    }

    /// Binds 127.0.0.1:`port` (0: one of the system's choice) and listens with room for
    /// `backlog` waiting connections.
    public static func loopback(port: Int = 0, backlog: Int32 = 256) throws(ListeningSocketError) -> ListeningSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ListeningSocketError(step: "socket", code: errno) }
        func fail(_ step: String) -> ListeningSocketError {
            let error = ListeningSocketError(step: step, code: errno)
            closeDescriptor(descriptor)
            return error
        }
        var reuse: Int32 = 1
        guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw fail("setsockopt")
        }
        // A `sockaddr_in` written byte by byte: with NIO in this module, the C struct's
        // members are only visible through a module of NIO's that is not a product.
        var address = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: sa_family_t(AF_INET)) { address.replaceSubrange(0..<2, with: $0) }
        withUnsafeBytes(of: UInt16(port).bigEndian) { address.replaceSubrange(2..<4, with: $0) }
        withUnsafeBytes(of: UInt32(0x7F00_0001).bigEndian) { address.replaceSubrange(4..<8, with: $0) }
        var length = socklen_t(address.count)
        let bound = address.withUnsafeBytes { bytes in
            bind(descriptor, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
        guard bound == 0 else { throw fail("bind to 127.0.0.1:\(port)") }
        guard listen(descriptor, backlog) == 0 else { throw fail("listen") }
        let named = address.withUnsafeMutableBytes { bytes in
            getsockname(descriptor, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
        }
        guard named == 0 else { throw fail("getsockname") }
        let chosen = Int(address[2]) << 8 | Int(address[3])
        return ListeningSocket(descriptor: descriptor, port: chosen)
    }

    /// Waits, without holding a thread, until a connection is waiting to be accepted
    /// (`true`), or until ``close()`` (`false`). Call it once.
    public func firstConnection() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            // A source is made only to be resumed: Dispatch traps on releasing one never
            // resumed. One cancelled by ``close()`` before it is resumed ends at its resume.
            let made = state.withLock { state -> ReadSource? in
                guard !state.closed else { return nil }
                let made = ReadSource(source: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global()))
                state.source = made
                return made
            }
            guard let source = made?.source else { return continuation.resume(returning: false) }
            // The descriptor is handed on (or closed) only once the source has let go of it.
            source.setEventHandler { source.cancel() }
            source.setCancelHandler { [self] in
                let closed = state.withLock { state in
                    state.source = nil
                    return state.closed
                }
                if closed { closeDescriptor(descriptor) }
                continuation.resume(returning: !closed)
            }
            source.resume()
        }
    }

    /// The descriptor, for a server that takes it over (closing it included); `nil` once
    /// ``close()`` was called.
    func take() -> CInt? {
        state.withLock { state in
            guard !state.closed, !state.taken else { return nil }
            state.taken = true
            return descriptor
        }
    }

    /// Stops listening, unless a server took the socket over: ends a wait in
    /// ``firstConnection()`` with `false`. Calling it again does nothing.
    public func close() {
        let (waiting, closeNow) = state.withLock { state -> (ReadSource?, Bool) in
            guard !state.closed, !state.taken else { return (nil, false) }
            state.closed = true
            return (state.source, state.source == nil)
        }
        waiting?.source.cancel()
        if closeNow { closeDescriptor(descriptor) }
    }
}

/// A dispatch source, which may be cancelled from any thread (Dispatch does not mark its
/// sources `Sendable`).
private struct ReadSource: @unchecked Sendable {
    let source: any DispatchSourceRead
}

/// `close(2)`, apart from ``ListeningSocket/close()``.
private func closeDescriptor(_ descriptor: CInt) {
    _ = close(descriptor)
}

/// The loopback socket could not be made: which system call failed, with its error.
public struct ListeningSocketError: Error, CustomStringConvertible {
    /// The call that failed (`bind to 127.0.0.1:7460`…).
    public let step: String
    /// Its `errno`.
    public let code: Int32

    /// The failed call and the system's words for its error.
    public var description: String { "\(step) failed: \(String(cString: strerror(code)))" }
}
