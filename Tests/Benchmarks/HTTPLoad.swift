import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 load generator on loopback that is not its own bottleneck, built as wrk is:
/// one thread per core, each driving its share of the kept-alive connections with
/// `poll(2)`, one request in flight on each, the next sent as soon as the answer is read.
/// No task, client object or allocation of its own per request: each request's bytes come
/// from a closure of the connection and its count, and an answer is read in place.
///
/// The figure it gives agrees with wrk's for the same load (Documentation/Benchmarks.md):
/// the server, not this client, is what it measures.
struct HTTPLoad {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What one run did: the answers read, by status, their latencies, and how long it took.
    struct Outcome {
        var answers = 0
        var statuses: [Int: Int] = [:]
        var latencies: [Double] = []
        var seconds = 0.0

        /// Answers per second.
        var rate: Double { Double(answers) / seconds }

        /// `NNN×count` for each status, for a figure line's note.
        var statusNote: String {
            statuses.keys.sorted().map { "\($0)×\(statuses[$0] ?? 0)" }.joined(separator: " ")
        }

        mutating func absorb(_ other: Outcome) {
            answers += other.answers
            for (status, count) in other.statuses { statuses[status, default: 0] += count }
            latencies += other.latencies
        }
    }

    /// What the threads of one run found.
    private final class Results: Sendable {
        let list = Mutex<[Result<Outcome, any Error>]>([])
    }

    /// Makes request number `sequence` of connection `connection`: every byte of it.
    typealias RequestMaker = @Sendable (_ connection: Int, _ sequence: Int) -> [UInt8]

    let port: Int
    var connections = 64
    var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Opens the connections, sends requests on every one of them for `seconds` and
    /// answers what came back (each connection's request in flight at the end is waited for).
    func run(for seconds: Double, request: @escaping RequestMaker) throws -> Outcome {
        let sockets = try (0..<connections).map { _ in try Self.connect(port: port) }
        defer { sockets.forEach { _ = close($0) } }
        let results = Results()
        let done = DispatchSemaphore(value: 0)
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        for thread in 0..<threads {
            let mine = Array(stride(from: thread, to: connections, by: threads))
            let worker = Thread {
                let result = Result { try Self.drive(mine.map { ($0, sockets[$0]) }, until: deadline, request: request) }
                results.list.withLock { $0.append(result) }
                done.signal()
            }
            worker.stackSize = 1 << 20
            worker.start()
        }
        for _ in 0..<threads { done.wait() }
        var outcome = Outcome()
        for result in results.list.withLock({ $0 }) { outcome.absorb(try result.get()) }
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return outcome
    }

    /// One thread's connections: send, read the answer, send the next, until `deadline`.
    private static func drive(
        _ connections: [(index: Int, socket: Int32)], until deadline: UInt64, request: RequestMaker
    ) throws -> Outcome {
        var outcome = Outcome()
        var polls = connections.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
        var pending = [[UInt8]](repeating: [], count: connections.count)
        var sequences = [Int](repeating: 0, count: connections.count)
        var sentAt = [UInt64](repeating: 0, count: connections.count)
        var open = connections.count
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        for slot in connections.indices {
            sentAt[slot] = DispatchTime.now().uptimeNanoseconds
            try send(request(connections[slot].index, 0), on: connections[slot].socket)
        }
        // Answers counted by status in place: a dictionary's hashing per answer is the
        // generator's cost, not the server's.
        var statuses = [Int](repeating: 0, count: 1_000)
        while open > 0 {
            guard poll(&polls, nfds_t(polls.count), 10_000) > 0 else { throw Failure(description: "no answer in 10 s") }
            for slot in polls.indices where polls[slot].revents != 0 {
                let read = recv(polls[slot].fd, &buffer, buffer.count, 0)
                guard read > 0 else { throw Failure(description: "the server closed connection \(slot): errno \(errno)") }
                let status: Int
                if pending[slot].isEmpty, let whole = try buffer.withUnsafeBufferPointer({ try answer(in: UnsafeBufferPointer(rebasing: $0[0..<read])) }),
                    whole.length == read
                {
                    // The usual case: one read, one whole answer, nothing copied.
                    status = whole.status
                } else {
                    pending[slot] += buffer[0..<read]
                    guard let (found, length) = try pending[slot].withUnsafeBufferPointer({ try answer(in: $0) }) else { continue }
                    pending[slot].removeFirst(length)
                    status = found
                }
                let now = DispatchTime.now().uptimeNanoseconds
                outcome.answers += 1
                // Three digits, as `answer(in:)` read them.
                statuses[status] += 1
                outcome.latencies.append(Double(now - sentAt[slot]) / 1e9)
                guard now < deadline else {
                    polls[slot].fd = -1
                    open -= 1
                    continue
                }
                sequences[slot] += 1
                sentAt[slot] = now
                try send(request(connections[slot].index, sequences[slot]), on: connections[slot].socket)
            }
        }
        for (status, count) in statuses.enumerated() where count > 0 { outcome.statuses[status] = count }
        return outcome
    }

    /// The status and length of the complete answer at the start of `bytes`; `nil` while
    /// it is incomplete. Only `Content-Length` bodies, which is what every answer but an
    /// event stream has. Read on the bytes, with nothing allocated: at 40,000 answers a
    /// second on the server's two cores, a string per header line was the generator's
    /// largest cost.
    private static func answer(in bytes: UnsafeBufferPointer<UInt8>) throws -> (status: Int, length: Int)? {
        guard bytes.count >= 4 else { return nil }
        var end: Int?
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            end = index + 1
            break
        }
        guard let end else { return nil }
        // "HTTP/1.1 200 ..."
        guard end >= 12, let status = number(in: bytes, from: 9, to: 12) else {
            throw Failure(description: "not an HTTP answer: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
        }
        guard let length = contentLength(in: bytes, headEnd: end) else {
            throw Failure(description: "an answer without Content-Length: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        return bytes.count >= end + length ? (status, end + length) : nil
    }

    private static let contentLengthName = Array("content-length:".utf8)

    /// The value of the head's `Content-Length` field (its name in any case), if any.
    private static func contentLength(in bytes: UnsafeBufferPointer<UInt8>, headEnd: Int) -> Int? {
        let name = contentLengthName
        var lineStart = 0
        while lineStart < headEnd {
            var lineEnd = lineStart
            while lineEnd < headEnd, bytes[lineEnd] != 13 { lineEnd += 1 }
            if lineEnd - lineStart > name.count,
                (0..<name.count).allSatisfy({ bytes[lineStart + $0] | 0x20 == name[$0] | 0x20 })
            {
                var start = lineStart + name.count
                while start < lineEnd, bytes[start] == 32 { start += 1 }
                return number(in: bytes, from: start, to: lineEnd)
            }
            lineStart = lineEnd + 2
        }
        return nil
    }

    /// The decimal number in `bytes[from..<to]`, nothing else in it but trailing spaces.
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        var value = 0
        var digits = 0
        for index in from..<min(to, bytes.count) {
            let byte = bytes[index]
            if byte == 32, digits > 0 { break }
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += written
        }
    }

    /// A connected TCP socket to 127.0.0.1:`port`, without Nagle's delay.
    static func connect(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            _ = close(descriptor)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    /// The bytes of a `GET path` request.
    static func get(_ path: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    }

    /// The bytes of a `POST path` request with a JSON `body` and a bearer `token`.
    static func post(_ path: String, token: String, body: String) -> [UInt8] {
        var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
        text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        text += body
        return Array(text.utf8)
    }
}
