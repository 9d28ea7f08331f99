#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bus's authentication before any message: a NUL byte, `AUTH EXTERNAL` with this
/// process's user id (its decimal digits, hex-encoded), the server's `OK <guid>`, then
/// `BEGIN`. The kernel vouches for the user id over the Unix socket, so no secret is sent.
enum SASL {
    /// The `AUTH` line for user `uid`: `AUTH EXTERNAL 31303030` for 1000.
    static func authLine(uid: UInt32) -> String {
        let hex = String(uid).utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        return "AUTH EXTERNAL \(hex)\r\n"
    }

    /// Authenticates on `socket` as this process's user; blocks until the server answers.
    /// Returns any bytes read past the server's line (none, in practice: the server
    /// speaks only when spoken to until `BEGIN`).
    static func authenticate(_ socket: BusSocket) throws(DBusError) -> [UInt8] {
        try socket.write([0] + Array(authLine(uid: getuid()).utf8))
        var received: [UInt8] = []
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = socket.read(capacity: 512)
            guard !chunk.isEmpty else { throw .authenticationRejected("the bus closed the connection while authenticating") }
            received += chunk
            guard received.count < 4_096 else { throw .authenticationRejected("no end of line in the bus's answer") }
        }
        let end = received.firstIndex(of: UInt8(ascii: "\n"))!
        let line = String(decoding: received[..<end], as: UTF8.self).trimmingSuffix("\r")
        guard line.hasPrefix("OK ") else {
            throw .authenticationRejected(line.isEmpty ? "an empty answer" : line)
        }
        try socket.write(Array("BEGIN\r\n".utf8))
        return Array(received[(end + 1)...])
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
