#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected stream socket to the bus, whose reads and writes block: the connection
/// uses it from a thread of its own (never the cooperative pool) for reading, and writes
/// small messages whole under its lock.
final class BusSocket: Sendable {
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A socket connected to the first of `addresses` that accepts.
    static func connect(_ addresses: [BusAddress]) throws(DBusError) -> BusSocket {
        var reason = "no address"
        for address in addresses {
            switch open(address) {
            case .connected(let socket): return socket
            case .failed(let why): reason = why
            }
        }
        throw .cannotConnect(reason)
    }

    /// How one address went: connected, or why not.
    private enum Attempt {
        case connected(BusSocket)
        case failed(String)
    }

    private static func open(_ address: BusAddress) -> Attempt {
        #if os(Linux)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failed("socket(): \(String(cString: strerror(errno)))") }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let name: [UInt8]
        let shown: String
        switch address {
        case .path(let path):
            name = Array(path.utf8) + [0]
            shown = path
        case .abstract(let abstract):
            name = [0] + Array(abstract.utf8)
            shown = "@" + abstract
        }
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard name.count <= capacity else {
            close(descriptor)
            return .failed("the socket name \(shown) is too long")
        }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: name) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connectSocket(descriptor, $0, length) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failed("\(shown): \(reason)")
        }
        return .connected(BusSocket(descriptor: descriptor))
    }

    /// Writes every byte, or throws ``DBusError/disconnected``.
    func write(_ bytes: [UInt8]) throws(DBusError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .disconnected }
            written += count
        }
    }

    /// Up to `capacity` bytes, waiting for some; empty at the end of the stream or on an
    /// error (after ``shutDown()``, at once).
    func read(capacity: Int = 65_536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }

    /// Ends both directions, waking a read blocked on the socket.
    func shutDown() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        close(descriptor)
    }
}

/// The C library's `connect`, under a name the static ``BusSocket/connect(_:)`` does not hide.
private func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
