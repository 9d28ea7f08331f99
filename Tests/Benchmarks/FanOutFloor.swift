import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The floor of a fan-out on this machine (issue #25, item 6): one frame of a push's size
/// written with `send(2)` to every one of N loopback sockets by two threads (as many as the
/// server's event loops on two cores), read by the same ``EventReaders`` as the server's
/// streams. No HTTP and no server: what the kernel's TCP on loopback and the reader cost,
/// beside which the server's figure is read.
final class FanOutFloor: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let listener: Int32
    /// The port the readers connect to.
    let port: Int

    /// A listener on 127.0.0.1 with room in its queue for `count` connections.
    init(room count: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, Int32(count)) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            _ = close(listener)
            throw Failure(description: "bind or listen: errno \(errno)")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { _ = close(listener) }

    /// Accepts `count` connections (the readers, already connected into the queue),
    /// answers each with the head of an event stream, and measures `rounds` pushes of a
    /// `frameBytes`-byte frame to all of them, read by `readers`.
    /// The latency of each round, and the CPU time the sending threads spent on one
    /// `send(2)` on average (the kernel's loopback TCP, the reader's wake-up included).
    func measure(count: Int, readers: EventReaders, rounds: Int, frameBytes: Int) async throws -> (latencies: [Double], cpuPerSend: Double) {
        var accepted: [Int32] = []
        defer { accepted.forEach { _ = close($0) } }
        let head = Array("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n".utf8)
        for _ in 0..<count {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { throw Failure(description: "accept: errno \(errno)") }
            accepted.append(descriptor)
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            guard send(descriptor, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else {
                throw Failure(description: "send: errno \(errno)")
            }
        }
        let halves = [accepted.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element),
                      accepted.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element)]
        var latencies: [Double] = []
        let sendingTime = Mutex<Double>(0)
        for round in 1...rounds {
            let version = UInt64(round)
            var frame = Array("id: \(version)\nevent: update\ndata: ".utf8)
            frame += [UInt8](repeating: UInt8(ascii: "x"), count: max(0, frameBytes - frame.count - 2))
            frame += Array("\n\n".utf8)
            readers.expect(version: version)
            let start = DispatchTime.now().uptimeNanoseconds
            let bytes = frame
            DispatchQueue.concurrentPerform(iterations: halves.count) { half in
                let began = Self.threadCPUTime()
                for descriptor in halves[half] { _ = send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) }
                let spent = Self.threadCPUTime() - began
                sendingTime.withLock { $0 += spent }
            }
            await readers.waitForAll()
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (latencies, sendingTime.withLock { $0 } / Double(rounds * count))
    }

    /// The CPU time of the calling thread, in seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
