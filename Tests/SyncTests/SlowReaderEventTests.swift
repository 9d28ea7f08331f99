import Domain
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif
import SyncAuthority
import SyncProtocol
import SyncTestSupport

/// A reader that stops lets its socket fill: NIO then holds the events the socket does
/// not take, part of one among them, and must write them in order, then the events after
/// them, once the reader reads on.
@Suite("Sync HTTP: events to a reader that stops, then reads on", .blocking)
struct SlowReaderEventTests {
    @Test(
        "a watcher that stops reading while its socket fills, then reads on, gets every event once, whole and in order",
        .timeLimit(.minutes(1)))
    func stoppedThenReading() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        // Stopped however the test ends.
        var failure: (any Error)?
        do {
            try await stopThenRead(harness, on: http.port)
        } catch {
            failure = error
        }
        try await http.stop()
        if let failure { throw failure }
    }

    private func stopThenRead(_ harness: SyncHarness, on port: Int) async throws {
        let created = try await harness.create()
        // A receive buffer of 4 KB: the server's socket fills after a few dozen events.
        let watcher = try RawConnection(port: port, receiveBuffer: 4_096)
        try watcher.sendGet("/v1/activities/\(created.id)/events", token: created.token)
        let server = harness.server
        try await eventually { await server.subscriberCount(of: created.id) == 1 }

        // Past what the sockets hold (about 100 KB of events), and with the changes below
        // fewer than a stream may have waiting (256): the stream stays, its events split
        // between the socket and NIO.
        var versions = [created.state.version]
        func adjust(_ round: Int) async throws {
            let answer = try await server.send(
                try request(.adjustTarget(bySeconds: round.isMultiple(of: 2) ? 60 : -60)), to: created.id, token: created.token)
            versions.append(answer.version)
        }
        for round in 0..<150 { try await adjust(round) }
        #expect(await server.subscriberCount(of: created.id) == 1, "the stream is still open")

        // Read slowly on a thread of its own while changes come as fast as the server makes
        // them: NIO writes what it holds as the socket makes room, and the events that come
        // meanwhile must wait behind it.
        let target = Locked<UInt64>(versions.last! + 100)
        let reached = Locked<UInt64>(0)
        let descriptor = watcher.descriptor
        let reading = Task { await offThePool { Self.readSlowly(descriptor, until: target, reached: reached) } }
        for round in 0..<100 { try await adjust(round) }
        try await eventually(within: .seconds(20)) { reached.value == versions.last }
        // Read up: the next events follow the ones NIO held.
        for round in 0..<5 {
            try await adjust(round)
            target.withLock { $0 = versions.last! }
            try await eventually(within: .seconds(20)) { reached.value == versions.last }
        }
        target.withLock { $0 = 0 }
        let text = await reading.value
        let events = Self.events(in: text)
        #expect(events.map(\.id) == versions)
        for event in events {
            #expect(event.event == (event.id == created.state.version ? "start" : "update"))
            let payload = try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any]
            #expect(payload != nil, "event \(event.id) is whole JSON")
        }
    }

    /// Reads `descriptor` 256 bytes at a time, each read once the socket has bytes, noting
    /// in `reached` each `target` event read whole, until the target is 0 (or a minute
    /// passes); answers all it read. Small reads keep the server's socket nearly full, so
    /// NIO still holds events while new ones come.
    static func readSlowly(_ descriptor: Int32, until target: Locked<UInt64>, reached: Locked<UInt64>) -> String {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while target.value != 0, ContinuousClock.now < deadline {
            // Waits for bytes, or looks at the target again (it may have moved to an event
            // read already) after a moment without any.
            if waitUntilReadable(descriptor, before: min(deadline, .now + .milliseconds(50))) {
                var chunk = [UInt8](repeating: 0, count: 256)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count == 0 { break }
                if count > 0 { received += chunk[0..<count] }
            }
            // The target's event is whole once the chunk after its id has ended.
            let wanted = target.value
            let tail = String(decoding: received.suffix(4_096), as: UTF8.self)
            if let id = tail.range(of: "id: \(wanted)\n"), tail[id.upperBound...].contains("\n\n\r\n") {
                reached.withLock { $0 = wanted }
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One event of a stream: its id, name and data.
    struct Event {
        let id: UInt64
        let event: String
        let data: String
    }

    /// The events in `text`, the response as read so far: its chunked body taken apart
    /// exactly (a size, CRLF, that many bytes, CRLF), up to the last whole chunk, then
    /// split into events; heartbeats (comments) skipped.
    static func events(in text: String) -> [Event] {
        let bytes = Array(text.utf8)
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { return [] }
        var body: [UInt8] = []
        var position = headEnd
        while let lineEnd = bytes[position...].firstRange(of: Array("\r\n".utf8)) {
            guard let size = Int(String(decoding: bytes[position..<lineEnd.lowerBound], as: UTF8.self), radix: 16),
                lineEnd.upperBound + size + 2 <= bytes.count
            else { break }
            let data = lineEnd.upperBound..<lineEnd.upperBound + size
            // A chunk's bytes are followed by CRLF, or the framing is broken.
            guard bytes[data.upperBound..<data.upperBound + 2].elementsEqual(Array("\r\n".utf8)) else { return [] }
            body += bytes[data]
            position = data.upperBound + 2
        }
        return String(decoding: body, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n") where !line.hasPrefix(":") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard let id = fields["id"].flatMap(UInt64.init), let event = fields["event"], let data = fields["data"] else { return nil }
            return Event(id: id, event: event, data: data)
        }
    }
}
