import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP connection to 127.0.0.1 that sends what it is told and nothing more: a
/// client that stalls halfway through a request.
final class SlowSocket {
    private let descriptor: Int32

    struct Failure: Error { let call: String; let code: Int32 }

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(call: "connect", code: errno) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw Failure(call: "send", code: errno)
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
