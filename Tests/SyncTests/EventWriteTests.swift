import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import SyncHTTP
import Testing

/// An event stream's events go down the connection's own pipeline, as the server builds
/// it (NIO's HTTP/1 server handlers, then the warden after the decoder), through NIO's
/// HTTP/1 encoder, and are flushed once for all that one hand-over to the loop brought.
@Suite("Sync HTTP: events written through the channel")
struct EventWriteTests {
    /// A connection's pipeline, with the request `request` read and its parts taken.
    static func connection(after request: String) throws -> (EmbeddedChannel, ConnectionWarden) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        let connections = OpenConnections()
        try channel.pipeline.syncOperations.addHandler(
            WardenInstaller(limits: ConnectionLimits(), connections: connections, logger: Logger(label: "test")))
        let warden = try channel.pipeline.syncOperations.handler(type: ConnectionWarden.self)
        try channel.writeInbound(ByteBuffer(string: request))
        while try channel.readInbound(as: HTTPServerRequestPart.self) != nil {}
        return (channel, warden)
    }

    /// Every buffer written to the socket so far, one by one.
    static func written(_ channel: EmbeddedChannel) throws -> [ByteBuffer] {
        var buffers: [ByteBuffer] = []
        while let data = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(let buffer) = data else { continue }
            buffers.append(buffer)
        }
        return buffers
    }

    static let streamHead = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-type": "text/event-stream"])

    @Test("the installer puts the warden in and leaves the pipeline: no pass-through on every read")
    func installerLeaves() throws {
        let (channel, warden) = try Self.connection(after: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let pipeline = channel.pipeline.syncOperations
        #expect(throws: ChannelPipelineError.self) { try pipeline.handler(type: WardenInstaller.self) }
        #expect(try pipeline.handler(type: ConnectionWarden.self) === warden)
        _ = try channel.finish()
    }

    @Test("events written are sent only at the flush, each framed as a chunk by NIO's encoder")
    func chunkedByTheEncoderFlushedOnce() throws {
        let (channel, warden) = try Self.connection(after: "GET /v1/activities/a/events HTTP/1.1\r\nHost: x\r\n\r\n")
        try channel.writeOutbound(HTTPServerResponsePart.head(Self.streamHead))
        let head = try Self.written(channel).map { String(buffer: $0) }.joined()
        #expect(head.lowercased().contains("transfer-encoding: chunked"))
        let events = ["id: 2\nevent: update\ndata: {\"v\":2}\n\n", ": heartbeat\n\n"].map { EventFrame(ByteBuffer(string: $0)) }
        // The first write since a flush says so (its caller flushes it later); the next does not.
        #expect(events.map { warden.writeEvent($0) } == [true, false])
        #expect(try Self.written(channel).isEmpty, "nothing leaves before the flush")
        warden.flushEvents()
        let sent = try Self.written(channel).map { String(buffer: $0) }.joined()
        #expect(sent == "23\r\nid: 2\nevent: update\ndata: {\"v\":2}\n\n\r\nd\r\n: heartbeat\n\n\r\n")
        #expect(warden.writeEvent(events[1]), "after a flush, the next write is the first again")
        warden.flushEvents()
        _ = try Self.written(channel)
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        #expect(try Self.written(channel).map { String(buffer: $0) }.joined() == "0\r\n\r\n")
        _ = try channel.finish()
    }

    @Test("the answer to a HEAD request carries no event, and one of a known length carries it unframed")
    func asTheEncoderFramesIt() throws {
        let event = EventFrame(ByteBuffer(string: "id: 2\nevent: update\ndata: {}\n\n"))
        // HEAD: the encoder drops the body, and so nothing of the event reaches the socket.
        let (head, headWarden) = try Self.connection(after: "HEAD /v1/activities/a/events HTTP/1.1\r\nHost: x\r\n\r\n")
        try head.writeOutbound(HTTPServerResponsePart.head(Self.streamHead))
        _ = try Self.written(head)
        _ = headWarden.writeEvent(event)
        headWarden.flushEvents()
        #expect(try Self.written(head).allSatisfy { $0.readableBytes == 0 })
        _ = try head.finish()
        // A length given: the encoder writes the body as it is, unframed.
        let (sized, sizedWarden) = try Self.connection(after: "GET /v1/activities/a/events HTTP/1.1\r\nHost: x\r\n\r\n")
        var sizedHead = Self.streamHead
        sizedHead.headers.add(name: "content-length", value: "\(event.bytes.readableBytes)")
        try sized.writeOutbound(HTTPServerResponsePart.head(sizedHead))
        _ = try Self.written(sized)
        _ = sizedWarden.writeEvent(event)
        sizedWarden.flushEvents()
        #expect(try Self.written(sized).map { String(buffer: $0) }.joined() == String(buffer: event.bytes))
        _ = try sized.finish()
    }
}
