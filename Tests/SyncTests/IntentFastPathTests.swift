import Domain
import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import Synchronization
@testable import Sync
import TestSupport
import Testing

/// Intents answered on their connections (ADR 0051): in the order HTTP/1.1 requires
/// among the requests Hummingbird answers, after a half-close, and with the router's own
/// answer.
@Suite("Intents answered on their connections", .blocking, .timeLimit(.minutes(1)))
struct IntentFastPathTests {
    /// One answer read off a raw connection.
    struct Answer: Equatable {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// The whole answers in `bytes`, in order; a last one still arriving is left out.
    static func answers(in bytes: [UInt8]) -> [Answer] {
        var answers: [Answer] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            guard rest[end.upperBound...].count >= length, let status = Int(head[0].split(separator: " ")[1]) else { break }
            let body = rest[end.upperBound..<(end.upperBound + length)]
            answers.append(Answer(status: status, headers: headers, body: String(decoding: body, as: UTF8.self)))
            rest = rest[(end.upperBound + length)...]
        }
        return answers
    }

    static func intent(_ id: String, token: String, intentID: String, query: String = "", extra: String = "") -> String {
        let body = #"{"client_id":"pipe","intent_id":"\#(intentID)","action":"adjust","adjust_seconds":60}"#
        return "POST /v1/activities/\(id)/intents\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\n\(extra)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    static func get(_ path: String, token: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }

    @Test("pipelined requests are answered in the order they came, intents among them")
    func pipelinedOrder() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let created = try await harness.create()
        let (id, token) = (created.id, created.token)
        let connection = try RawConnection(port: http.port)
        defer { connection.close() }
        // Sent in one write: two intents, a read by the router, an intent behind it, and a
        // health check. The first intent is taken on the connection, the second waits for
        // its answer and is taken too; the read goes to the router, and the last intent,
        // behind the router's answer, with it.
        try connection.send(
            Self.intent(id, token: token, intentID: "1") + Self.intent(id, token: token, intentID: "2")
                + Self.get("/v1/activities/\(id)", token: token) + Self.intent(id, token: token, intentID: "3")
                + Self.get("/healthz", token: token))
        let reading = HTTPProtocolTests.OneReader(connection)
        let read = await offThePool { reading.connection.read { Self.answers(in: Array($0.utf8)).count >= 5 } }
        let answers = Self.answers(in: connection.received)
        #expect(read, "five answers did not come: \(connection.text)")
        #expect(answers.map(\.status) == [200, 200, 200, 200, 200])
        // Each answer is the state after its request: the versions climb one at a time,
        // and the read after the intents sees both.
        #expect(answers.prefix(4).map { $0.headers["etag"] } == [#""2""#, #""3""#, #""3""#, #""4""#])
        #expect(answers.last?.body == #"{"status":"ok"}"#)
        #expect(http.intentsOnConnections.value == 2)
        try await http.stop()
    }

    @Test("an intent sent just before the client half-closes is answered, then the connection ends")
    func halfClosed() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let created = try await harness.create()
        let connection = try RawConnection(port: http.port)
        defer { connection.close() }
        try connection.send(Self.intent(created.id, token: created.token, intentID: "last"))
        connection.shutdownWrite()
        let reading = HTTPProtocolTests.OneReader(connection)
        let closed = await offThePool { reading.connection.closedByServer(within: Patience.hang) }
        let answers = Self.answers(in: connection.received)
        #expect(closed, "the server kept the half-closed connection open")
        #expect(answers.map(\.status) == [200], "\(connection.text)")
        #expect(try await harness.server.snapshot(of: created.id).version == 2)
        #expect(http.intentsOnConnections.value == 1)
        try await http.stop()
    }

    /// A query sends the same intent through Hummingbird's router, which ignores it.
    @Test("the answer on the connection is the router's, header for header but the date", arguments: [
        ("a good intent", nil as String?, ""),
        ("a wrong token", "wrong", ""),
        ("a stale If-Match", nil, "If-Match: \"1\"\r\n"),
    ])
    func sameAsRouter(_ name: String, token: String?, extra: String) async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        var answers: [Answer] = []
        for query in ["", "?through=router"] {
            let created = try await harness.create()
            // Moved once, so a stale `If-Match: "1"` is refused with the same state twice.
            _ = try await harness.server.send(
                try IntentRequest(clientID: "setup", intentID: "0", intent: .adjustTarget(bySeconds: 60)), to: created.id,
                token: created.token)
            let connection = try RawConnection(port: http.port)
            defer { connection.close() }
            try connection.send(
                Self.intent(created.id, token: token ?? created.token, intentID: "same", query: query, extra: extra))
            let reading = HTTPProtocolTests.OneReader(connection)
            let read = await offThePool { reading.connection.read { !Self.answers(in: Array($0.utf8)).isEmpty } }
            #expect(read, "\(name): no answer came: \(connection.text)")
            guard let answer = Self.answers(in: connection.received).first else { continue }
            // Each activity has its own id and clock: compare what does not name them.
            var headers = answer.headers
            headers["date"] = nil
            let body = answer.body.replacingOccurrences(of: created.id, with: "ID")
                .replacing(/"(measured_at|started_at)":"[^"]*"/, with: "")
                .replacing(/"(timestamp|stale-date|seconds_elapsed)":[0-9.]+/, with: "")
            answers.append(Answer(status: answer.status, headers: headers, body: body))
            // The first went on the connection, the second through the router.
            #expect(http.intentsOnConnections.value == 1, "\(name), \(query.isEmpty ? "on the connection" : "routed")")
            #expect(answer.headers["date"]?.hasSuffix(" GMT") == true, "\(name): no Date")
        }
        #expect(answers.count == 2)
        #expect(answers.first == answers.last, "\(name): \(answers)")
        try await http.stop()
    }

    /// Counts the reads the handlers after it ask of the connection.
    final class ReadCount: ChannelOutboundHandler, Sendable {
        typealias OutboundIn = HTTPServerResponsePart
        private let reads = Atomic<Int>(0)

        var value: Int { reads.load(ordering: .relaxed) }

        func read(context: ChannelHandlerContext) {
            reads.add(1, ordering: .relaxed)
            context.read()
        }
    }

    @Test("the connection is read on while an intent is answered, until a request comes after it")
    func readsGoOnUntilSomethingWaits() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        let routes = SyncRoutes(server: harness.server, heartbeats: Heartbeats())
        let reads = ReadCount()
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandlers(
                reads, IntentFastPath(routes: routes, serverName: "test", tally: IntentFastPath.Tally()))
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).get()
        let intent = HTTPRequestHead(
            version: .http1_1, method: .POST, uri: "/v1/activities/\(created.id)/intents",
            headers: ["Host": "x", "Authorization": "Bearer \(created.token)"])
        let body = ByteBuffer(string: #"{"client_id":"reads","intent_id":"1","action":"adjust","adjust_seconds":60}"#)
        let read = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthz", headers: ["Host": "x"])
        // In one turn of the loop, so the answer cannot come in between: the intent, a read
        // asked for while it is answered, a request after it, and a read asked for then.
        let counted = try await channel.testingEventLoop.executeInContext {
            let pipeline = channel.pipeline
            for part in [HTTPServerRequestPart.head(intent), .body(body), .end(nil)] { pipeline.fireChannelRead(part) }
            pipeline.fireChannelReadComplete()
            pipeline.read()
            let whileNothingWaits = reads.value
            pipeline.fireChannelRead(HTTPServerRequestPart.head(read))
            pipeline.fireChannelReadComplete()
            pipeline.read()
            return (whileNothingWaits, reads.value)
        }
        #expect(counted.0 == 1, "a read asked for while nothing waits behind the intent was held")
        #expect(counted.1 == 1, "a read asked for while a request waits behind the intent went on")
        guard case .head(let answer) = try await channel.waitForOutboundWrite(as: HTTPServerResponsePart.self) else {
            Issue.record("the intent's answer did not begin with its head")
            return
        }
        #expect(answer.status == .ok)
        // Once answered, the request that waited goes on, and the held read with it.
        _ = try await channel.waitForOutboundWrite(as: HTTPServerResponsePart.self)
        _ = try await channel.waitForOutboundWrite(as: HTTPServerResponsePart.self)
        let passed = try await channel.testingEventLoop.executeInContext { reads.value }
        #expect(passed == 2)
        #expect(try await channel.readInbound(as: HTTPServerRequestPart.self) == .head(read))
        _ = try await channel.finish()
    }

    @Test("the Date header is RFC 9110's IMF-fixdate, in GMT, two digits where it has two")
    func dateHeader() {
        #expect(HTTPDate.text(unixSeconds: 1_795_816_205) == "Fri, 27 Nov 2026 21:50:05 GMT")
        #expect(HTTPDate.text(unixSeconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.text(unixSeconds: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }
}
