import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The plain sockets of the test servers that stand on 127.0.0.1 beside a sync server
/// (the sync tests' answer-dropping proxy and fixed-answer server, a listener that never
/// answers): a listener, and HTTP/1.1 messages read and written whole.
public enum LoopbackSocket {
    /// A socket call that failed, and its errno.
    public struct Failure: Error { public let call: String; public let code: Int32 }

    /// A socket listening on an ephemeral port of 127.0.0.1, and the port.
    public static func listen() throws -> (descriptor: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = address(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(listener, 16) == 0 else { throw Failure(call: "bind", code: errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Reads one HTTP/1.1 message: its head, then `Content-Length` bytes of body.
    public static func readMessage(_ descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func more() -> Bool {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            bytes += buffer[..<count]
            return true
        }
        while headerEnd(bytes) == nil { guard more() else { return nil } }
        let end = headerEnd(bytes)!
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let length = head.components(separatedBy: "\r\n")
            .first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        while bytes.count < end + length { guard more() else { return nil } }
        return bytes
    }

    /// Where the head ends: the index of the blank line's `\r\n\r\n`.
    public static func headerEnd(_ bytes: [UInt8]) -> Int? {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == marker }
    }

    /// Writes all of `bytes`; `false` once the peer is gone.
    public static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// 127.0.0.1:`port` as the socket calls take it.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
