#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `POST /v1/activities/{id}/intents` answered on its connection: read from the
/// connection's pipeline, decided on the event loop that read it
/// (``SyncServer/sendNow(_:to:token:reply:)``, ADR 0052) with the steps the router's route
/// takes (``SyncRoutes/intentRequest(ifMatch:body:)``, ``SyncRoutes/answer(to:)``), and its
/// answer written back in the pipeline, without Hummingbird's request, router, response
/// and connection task between, nor a task of its own (issue 25, item 1; ADR 0051). An
/// intent that cannot be decided at once (a retried one, a storage read) goes through
/// ``SyncRoutes/intent(to:authorization:ifMatch:body:)`` in a task. Every other request
/// goes on to Hummingbird as it came.
///
/// Installed only where the route has no middleware (no keys, no request log), so the
/// answer is the router's, byte for byte, but for the `Date` it is stamped with here. It
/// reads NIO's HTTP/1 parts, before Hummingbird's codec turns them into HTTP types: an
/// intent is not made into an `HTTPRequest` (its path parsed as a URL, its fields
/// copied) only to be read here, nor its answer's head turned back (issue 25).
///
/// HTTP/1.1 answers in the order the requests came. An intent is taken here only when no
/// request before it on the connection is still being answered by Hummingbird; while it is
/// answered, what the client sent after it waits here (and the connection is not read
/// further once something waits), and goes on once its answer is written. A half-closed
/// input and a quiescing server wait for the answer the same way. A request that asks for
/// more than an intent needs (`Connection`, `Expect`, a query, an encoded id) goes to
/// Hummingbird.
final class IntentFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// An intent taken here: its head's parts, and its body as it arrives.
    private struct Intent {
        let id: String
        let authorization: String?
        let ifMatch: String?
        var body: ByteBuffer
        var tooLarge = false
        var read = false
    }

    /// A count of the intents answered here, over every connection of a server.
    final class Tally: Sendable {
        private let count = Atomic<Int>(0)

        /// How many so far.
        var value: Int { count.load(ordering: .relaxed) }

        fileprivate func add() { count.add(1, ordering: .relaxed) }
    }

    private let routes: SyncRoutes
    private let serverName: String
    private let tally: Tally
    /// Requests gone on to Hummingbird whose answers have not ended yet.
    private var answering = 0
    /// The intent being read or answered here.
    private var intent: Intent?
    /// What came while it was answered, in order.
    private var waiting: [Held] = []
    private var readHeld = false

    private enum Held {
        case part(HTTPServerRequestPart)
        case event(Any)
    }

    /// Takes intents for `routes`, naming `serverName` in each answer and counting each
    /// in `tally`.
    init(routes: SyncRoutes, serverName: String, tally: Tally) {
        self.routes = routes
        self.serverName = serverName
        self.tally = tally
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        take(unwrapInboundIn(data), context: context)
    }

    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        if var reading = intent, !reading.read {
            switch part {
            case .head:
                // Not possible after a head without its end; Hummingbird decides.
                context.fireChannelRead(wrapInboundOut(part))
            case .body(var bytes):
                if reading.body.readableBytes + bytes.readableBytes > SyncHTTPServer.maximumBodySize {
                    reading.tooLarge = true
                } else {
                    reading.body.writeBuffer(&bytes)
                }
                intent = reading
            case .end:
                reading.read = true
                intent = reading
                answer(reading, context: context)
            }
            return
        }
        guard intent == nil, waiting.isEmpty else {
            waiting.append(.part(part))
            return
        }
        pass(part, context: context)
    }

    /// A part that nothing waits before: an intent's head is taken here, the rest goes on.
    private func pass(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        if case .head(let head) = part, answering == 0, let id = Self.intentID(head) {
            intent = Intent(
                id: id, authorization: Self.field("Authorization", of: head), ifMatch: Self.field("If-Match", of: head),
                body: context.channel.allocator.buffer(capacity: 256))
            return
        }
        if case .head = part { answering += 1 }
        context.fireChannelRead(wrapInboundOut(part))
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client's input ended, or the server quiesces: after the answer under way.
        if intent != nil || !waiting.isEmpty {
            waiting.append(.event(event))
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: - Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { answering = max(0, answering - 1) }
        context.write(data, promise: promise)
    }

    func read(context: ChannelHandlerContext) {
        // While an intent is answered here, the connection is read on until something
        // comes after it: what waits stays at most one read's worth. A client that waits
        // for each answer (most do) keeps its socket's readiness as it is: pausing and
        // resuming the reads at every intent cost two `epoll_ctl` calls an intent.
        if intent?.read == true, !waiting.isEmpty {
            readHeld = true
        } else {
            context.read()
        }
    }

    // MARK: - The answer

    private func answer(_ intent: Intent, context: ChannelHandlerContext) {
        let (routes, loop) = (self.routes, context.eventLoop)
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        let body: Result<Data, any Error> =
            intent.tooLarge ? .failure(BodyTooLarge()) : .success(Data(intent.body.readableBytesView))
        if routes.access == nil, let token = try? RequestValidation.bearer(intent.authorization) {
            // Decided here, on this loop, without a task (ADR 0052); told once durable, and
            // the answer made and written here.
            let decided = routes.server.sendNow(
                SyncRoutes.intentRequest(ifMatch: intent.ifMatch, body: body), to: intent.id, token: token
            ) { outcome in
                loop.execute {
                    let (handler, context) = bound.value
                    handler.write(routes.answer(to: outcome), context: context)
                }
            }
            if decided { return }
        }
        Task {
            let answer = await routes.intent(to: intent.id, authorization: intent.authorization, ifMatch: intent.ifMatch) {
                try body.get()
            }
            loop.execute {
                let (handler, context) = bound.value
                handler.write(answer, context: context)
            }
        }
    }

    private func write(_ answer: Answer, context: ChannelHandlerContext) {
        guard context.channel.isActive else {
            // The client went: nothing to answer, nothing of it to go on.
            (intent, waiting) = (nil, [])
            return
        }
        // The fields in the order Hummingbird's codec would write them: the answer's, then
        // its length, date and server.
        var headers = HTTPHeaders()
        headers.reserveCapacity(answer.headers.count + 3)
        for field in answer.headers where field.name != .contentLength && field.name != .date && field.name != .server {
            headers.add(name: field.name.rawName, value: field.value)
        }
        headers.add(name: "Content-Length", value: String(answer.body.readableBytes))
        headers.add(name: "Date", value: HTTPDate.now())
        headers.add(name: "Server", value: serverName)
        tally.add()
        let status = HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(answer.body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        intent = nil
        // What came meanwhile goes on in order, until another intent taken here is read
        // whole and waits for its answer; what is left waits behind it.
        var queue = waiting[...]
        waiting = []
        var passed = false
        while intent?.read != true, let next = queue.popFirst() {
            switch next {
            case .part(let part):
                if intent == nil {
                    passed = true
                    pass(part, context: context)
                } else {
                    take(part, context: context)
                }
            case .event(let event):
                context.fireUserInboundEventTriggered(event)
            }
        }
        waiting = Array(queue) + waiting
        // Hummingbird's channel hands what it was given on to its task at a read's end.
        if passed { context.fireChannelReadComplete() }
        if intent?.read != true, readHeld {
            readHeld = false
            context.read()
        }
    }

    // MARK: - Which requests

    private static let prefix = "/v1/activities/"
    private static let suffix = "/intents"

    /// The activity of an intent's head this handler answers; `nil` for every other request.
    ///
    /// The path is the request's target as sent: a target in absolute form (with a scheme
    /// and host) goes to Hummingbird, which reads it as a URL.
    static func intentID(_ head: HTTPRequestHead) -> String? {
        let path = head.uri
        guard head.method == .POST, path.hasPrefix(prefix), path.hasSuffix(suffix),
            path.utf8.count > prefix.utf8.count + suffix.utf8.count,
            !head.headers.contains(name: "Connection"), !head.headers.contains(name: "Expect")
        else { return nil }
        let id = path.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        guard !id.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "%") }) else {
            return nil
        }
        return String(id)
    }

    /// A field of `head` as HTTP types read it: its values joined with commas; `nil` when
    /// it has none.
    static func field(_ name: String, of head: HTTPRequestHead) -> String? {
        let values = head.headers[name]
        switch values.count {
        case 0: return nil
        case 1: return values[0]
        default: return values.joined(separator: ", ")
        }
    }
}

/// The `Date` of an answer (RFC 9110's IMF-fixdate), made once a second.
enum HTTPDate {
    private static let cache = Mutex<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Now, as a `Date` header.
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let second = time.tv_sec
        if let cached = cache.withLock({ $0.second == second ? $0.text : nil }) { return cached }
        let text = text(unixSeconds: second)
        cache.withLock { $0 = (second, text) }
        return text
    }

    /// `unixSeconds` as a `Date` header: `Fri, 27 Nov 2026 21:50:05 GMT`.
    static func text(unixSeconds: Int) -> String {
        var parts = tm()
        var seconds = unixSeconds
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
