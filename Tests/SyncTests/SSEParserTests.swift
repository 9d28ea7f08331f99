import SyncClient
import Testing

/// The client's reader of event streams, held to what a hostile or broken server may send.
@Suite("SSEParser")
struct SSEParserTests {
    @Test("events end at a blank line, CR LF or LF, comments skipped, data lines joined")
    func events() {
        var parser = SSEParser()
        let events = parser.feed(Array(": heartbeat\n\nid: 2\r\nevent: push\r\ndata: {\"a\":\ndata: 1}\r\n\r\n".utf8))
        #expect(events.map(\.id) == ["2"] && events.map(\.name) == ["push"] && events.map(\.data) == ["{\"a\":\n1}"])
    }

    @Test("the events do not depend on how reads cut the stream")
    func reads() {
        let stream = Array("id: 1\ndata: one\n\n: beat\n\nid: 2\r\ndata: two\r\n\r\n".utf8)
        var whole = SSEParser()
        let expected = whole.feed(stream)
        for size in 1...stream.count {
            var parser = SSEParser()
            var events: [SSEParser.Event] = []
            var start = 0
            while start < stream.count {
                events += parser.feed(stream[start..<min(stream.count, start + size)])
                start += size
            }
            #expect(events == expected, "reads of \(size) bytes")
        }
    }

    @Test("many events in one read take time linear in the read (was quadratic: each line moved the rest)")
    func linear() {
        var parser = SSEParser()
        let read = Array(String(repeating: "data: x\n\n", count: 200_000).utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let events = parser.feed(read)
        #expect(events.count == 200_000)
        #expect(clock.now - start < .seconds(10))
    }

    @Test("a line longer than an event may be is dropped, memory stays bounded, and the next event arrives")
    func bounded() {
        var parser = SSEParser()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        #expect(parser.feed(Array("data: ".utf8)).isEmpty)
        for _ in 0..<48 {
            #expect(parser.feed(chunk).isEmpty)
            #expect(parser.heldByteCount <= SSEParser.maximumEventSize)
        }
        let after = parser.feed(Array("\ndata: cut\n\ndata: ok\n\n".utf8))
        #expect(after.map(\.data) == ["ok"] && after.map(\.name) == ["message"])
    }
}
