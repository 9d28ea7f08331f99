import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP connection to 127.0.0.1 that does only what a test tells it: a client that
/// stops reading, sends half a request, or never ends its body. It reads only when asked,
/// so the server's writes pile up in the sockets as they would for a stalled watcher.
public final class RawConnection {
    /// The socket.
    public let descriptor: Int32
    /// Everything read so far.
    public private(set) var received: [UInt8] = []

    /// A system call failed.
    public struct Failure: Error, CustomStringConvertible {
        /// The call.
        public let call: String
        /// Its `errno`.
        public let code: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// Connects to `127.0.0.1:port`; `receiveBuffer` (bytes) shrinks the socket's receive
    /// buffer first, so a client that does not read stalls the server sooner.
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            let code = errno
            isClosed = true
            throw Failure(call: "socket", code: code)
        }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            // Through close(), once: an initializer that throws with every property set
            // still runs deinit, whose close() would otherwise close the number again, by
            // then perhaps another test's socket (a listener's descriptor, seen as EBADF).
            close()
            throw Failure(call: "connect", code: code)
        }
    }

    private var isClosed = false

    deinit { close() }

    /// Closes the connection: a client that goes away.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }

    /// Sends `text` whole.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(call: "send", code: errno) }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// A GET of `path` with an optional bearer token and `Last-Event-ID`, keeping the
    /// connection open.
    public func sendGet(_ path: String, token: String? = nil) throws {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        try send(request + "\r\n")
    }

    /// Reads until `done` holds for the text read so far, the server closes, or `timeout`
    /// passes; answers whether `done` held.
    @discardableResult
    public func read(timeout: Duration = Patience.hang, until done: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if done(text) { return true }
            guard let chunk = readSome(until: deadline), !chunk.isEmpty else { return done(text) }
            received += chunk
        }
    }

    /// Everything read so far, as text.
    public var text: String { String(decoding: received, as: UTF8.self) }

    /// Whether the server closed the connection (reset it, or ended it once what it sent
    /// is read) within `timeout`; reads and keeps whatever comes meanwhile.
    public func closedByServer(within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            guard let chunk = readSome(until: deadline) else { return false }
            if chunk.isEmpty { return true }
            received += chunk
        }
    }

    /// Closes the sending side only (a FIN): a client that is done sending and leaves.
    public func shutdownWrite() { _ = shutdown(descriptor, Int32(SHUT_WR)) }

    /// The next bytes: empty at the end (or a reset), `nil` when `deadline` passes first.
    private func readSome(until deadline: ContinuousClock.Instant) -> [UInt8]? {
        while true {
            guard waitUntilReadable(descriptor, before: deadline) else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(chunk[0..<count]) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            return []
        }
    }
}
