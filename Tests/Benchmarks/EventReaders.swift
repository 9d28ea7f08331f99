import Foundation
import SyncProtocol
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Many event-stream subscribers as plain sockets read by one thread with `poll(2)`, each
/// noting the `id:` line of every event as a terminal on its own would receive it.
///
/// The benchmark shares two cores with the server it measures: a thousand HTTP client
/// streams with a task each would measure the client, not the server. One thread reading
/// raw bytes costs next to nothing, so the figure is the server's.
final class EventReaders: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct Progress {
        var version: UInt64 = 0
        var count = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let descriptors: [Int32]
    private let progress = Mutex(Progress())
    private let stopped = Atomic<Bool>(false)

    /// Opens `count` event streams of one activity on 127.0.0.1:`port`, asking for events
    /// after `lastEventID` so that only changes arrive.
    convenience init(count: Int, port: Int, activity: String, token: String, lastEventID: UInt64) throws {
        try self.init(
            count: count, port: port, path: "/v1/activities/\(activity)/events", header: "Authorization: Bearer \(token)",
            lastEventID: lastEventID)
    }

    /// Opens `count` followers' streams of group sit `code` (its channel, ADR 0072).
    convenience init(count: Int, port: Int, following code: JoinCode, lastEventID: UInt64) throws {
        try self.init(
            count: count, port: port, path: "/v1/channels/\(code.id)/events", header: "\(JoinCode.headerName): \(code.secret)",
            lastEventID: lastEventID)
    }

    private init(count: Int, port: Int, path: String, header: String, lastEventID: UInt64) throws {
        var opened: [Int32] = []
        let request = Array("""
            GET \(path) HTTP/1.1\r
            Host: 127.0.0.1\r
            \(header)\r
            Last-Event-ID: \(lastEventID)\r
            \r

            """.utf8)
        for _ in 0..<count {
            do {
                let descriptor = try HTTPLoad.connect(port: port)
                opened.append(descriptor)
                guard send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
                    throw Failure(description: "send: errno \(errno)")
                }
            } catch {
                opened.forEach { _ = close($0) }
                throw Failure(description: "connecting subscriber \(opened.count): \(error)")
            }
        }
        descriptors = opened
        let thread = Thread { [self] in readLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Starts counting arrivals of `version`.
    func expect(version: UInt64) {
        progress.withLock { $0 = Progress(version: version) }
    }

    /// Returns once every subscriber has received the expected version.
    func waitForAll() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = progress.withLock { progress -> Bool in
                if progress.count >= descriptors.count { return true }
                progress.waiter = waiter
                return false
            }
            if done { waiter.resume() }
        }
    }

    /// Stops reading and closes every socket.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func arrived(_ version: UInt64) {
        let waiter = progress.withLock { progress -> CheckedContinuation<Void, Never>? in
            guard version == progress.version else { return nil }
            progress.count += 1
            guard progress.count == descriptors.count, let waiter = progress.waiter else { return nil }
            progress.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    private func readLoop() {
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var partial = [[UInt8]](repeating: [], count: descriptors.count)
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while !stopped.load(ordering: .relaxed) {
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            for index in polls.indices where polls[index].revents != 0 {
                let read = recv(polls[index].fd, &buffer, buffer.count, 0)
                guard read > 0 else {
                    polls[index].fd = -1
                    continue
                }
                // Whole lines are looked at where they lie (with `memchr`, not byte by
                // byte); only a line cut by the end of a read is kept for the next one.
                buffer.withUnsafeBufferPointer { bytes in
                    var start = 0
                    while start < read, let found = memchr(bytes.baseAddress! + start, 10, read - start) {
                        let end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        if partial[index].isEmpty {
                            if let version = Self.eventID(line) { arrived(version) }
                        } else {
                            partial[index] += line
                            if let version = partial[index].withUnsafeBufferPointer(Self.eventID) { arrived(version) }
                            partial[index].removeAll(keepingCapacity: true)
                        }
                        start = end + 1
                    }
                    if start < read { partial[index] += bytes[start..<read] }
                }
            }
        }
        descriptors.forEach { _ = close($0) }
    }

    /// The version of an `id: N` line.
    private static func eventID(_ line: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard line.count > 3, line[0] == UInt8(ascii: "i"), line[1] == UInt8(ascii: "d"), line[2] == UInt8(ascii: ":") else {
            return nil
        }
        var version: UInt64 = 0
        var digits = 0
        for byte in line[3...] where byte != UInt8(ascii: " ") {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            version = version * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? version : nil
    }
}
