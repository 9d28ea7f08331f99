import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Another program on a loopback port, not a sync server: it reads each request's head and
/// answers every one with the same bytes, then closes the connection (as a web server with
/// nothing at the protocol's paths answers 404). What a client meets when its `--server`
/// names the wrong port.
final class FixedAnswerServer: Sendable {
    struct Failure: Error { let call: String; let code: Int32 }

    /// The port it listens on.
    let port: Int
    private let listener: Int32

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Listens on an ephemeral loopback port and answers `answer` to every request.
    init(answer: String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(listener, 16) == 0 else { throw Failure(call: "bind", code: errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let bytes = Array(answer.utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
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
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let headEnd = Array("\r\n\r\n".utf8)
        while received.firstRange(of: headEnd) == nil {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[..<count]
        }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
