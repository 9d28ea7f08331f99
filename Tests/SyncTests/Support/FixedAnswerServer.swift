import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Another program on a loopback port, not a sync server: it reads each request and answers
/// every one with the same bytes, then closes the connection (as a web server with
/// nothing at the protocol's paths answers 404). What a client meets when its `--server`
/// names the wrong port.
final class FixedAnswerServer: Sendable {
    /// The port it listens on.
    let port: Int
    private let listener: Int32

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Listens on an ephemeral loopback port and answers `answer` to every request.
    init(answer: String) throws {
        let (listener, port) = try LoopbackSocket.listen()
        self.listener = listener
        self.port = port
        let bytes = Array(answer.utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                Self.answer(client, with: bytes)
            }
        }
    }

    /// Stops listening.
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = Glibc.close(listener)
    }

    private static func answer(_ client: Int32, with bytes: [UInt8]) {
        defer { _ = Glibc.close(client) }
        guard LoopbackSocket.readMessage(client) != nil else { return }
        _ = LoopbackSocket.sendAll(client, bytes)
    }
}
