import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of a real server, that loses answers the way a
/// network does: it forwards each request whole, reads the server's whole answer (so
/// whatever the request did is done and durable), and then, for the first `drops`
/// requests, closes the client's connection without relaying it. Later answers are
/// relayed. One request per connection (`Connection: close` both ways), so a client
/// never reuses a connection the proxy closed.
final class AnswerDroppingProxy: Sendable {
    struct Failure: Error { let call: String; let code: Int32 }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let state: Locked<State>

    private struct State {
        var dropsLeft: Int
        var dropped: [String] = []
        var relayed = 0
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The answers the client never received, as the server wrote them.
    var dropped: [String] { state.withLock { $0.dropped } }
    /// How many answers reached the client.
    var relayed: Int { state.withLock { $0.relayed } }

    /// A proxy to the server on `upstreamPort` that drops the first `drops` answers.
    init(upstreamPort: Int, drops: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(listener, 16) == 0 else { throw Failure(call: "bind", code: errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let state = Locked(State(dropsLeft: drops))
        self.listener = listener
        self.state = state
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                Thread.detachNewThread { Self.serve(client, upstreamPort: upstreamPort, state: state) }
            }
        }
    }

    /// Stops listening; connections in flight finish.
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = Glibc.close(listener)
    }

    private static func serve(_ client: Int32, upstreamPort: Int, state: Locked<State>) {
        defer { _ = Glibc.close(client) }
        guard let request = readMessage(client) else { return }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { _ = Glibc.close(upstream) }
        var address = loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, sendAll(upstream, closing(request)), let answer = readMessage(upstream) else { return }
        let drop = state.withLock { state -> Bool in
            guard state.dropsLeft > 0 else {
                state.relayed += 1
                return false
            }
            state.dropsLeft -= 1
            state.dropped.append(String(decoding: answer, as: UTF8.self))
            return true
        }
        // A dropped answer: the client's connection closes with nothing on it.
        if !drop { _ = sendAll(client, closing(answer)) }
    }

    /// A message with `Connection: close` in place of any `Connection` header it had.
    private static func closing(_ message: [UInt8]) -> [UInt8] {
        guard let end = headerEnd(message) else { return message }
        let head = String(decoding: message[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("connection:") }
        lines.insert("Connection: close", at: 1)
        return Array(lines.joined(separator: "\r\n").utf8) + Array(message[end...])
    }

    /// Reads one HTTP/1.1 message: its head, then `Content-Length` bytes of body.
    private static func readMessage(_ descriptor: Int32) -> [UInt8]? {
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
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == marker }
    }

    private static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
