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
        let (listener, port) = try LoopbackSocket.listen()
        let state = Locked(State(dropsLeft: drops))
        self.listener = listener
        self.state = state
        self.port = port
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
        guard let request = LoopbackSocket.readMessage(client) else { return }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { _ = Glibc.close(upstream) }
        var address = LoopbackSocket.address(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, LoopbackSocket.sendAll(upstream, closing(request)), let answer = LoopbackSocket.readMessage(upstream) else { return }
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
        if !drop { _ = LoopbackSocket.sendAll(client, closing(answer)) }
    }

    /// A message with `Connection: close` in place of any `Connection` header it had.
    private static func closing(_ message: [UInt8]) -> [UInt8] {
        guard let end = LoopbackSocket.headerEnd(message) else { return message }
        let head = String(decoding: message[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("connection:") }
        lines.insert("Connection: close", at: 1)
        return Array(lines.joined(separator: "\r\n").utf8) + Array(message[end...])
    }
}
