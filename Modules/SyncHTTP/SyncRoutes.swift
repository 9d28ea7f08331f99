import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import HTTPTypes
import Hummingbird
import NIOCore
import SyncAuthority
import SyncProtocol

/// The routes of the sync protocol, each a thin translation between HTTP and
/// ``SyncServer``.
struct SyncRoutes: Sendable {
    let server: SyncServer
    /// Where every event stream is registered for its heartbeat.
    let heartbeats: Heartbeats
    /// The newest state of each activity, encoded once for its answers and its events.
    let pushes: EncodedPushes
    /// Where each event loop's event streams are written from.
    let writes: EventLoopWrites
    /// On a shared server (`--require-keys`), who each request is and their limits;
    /// `nil` on a server of one person, which answers as it always did.
    var access: KeyGate? = nil
    /// Whether `GET /metrics` is answered here (``MetricsEndpoint``): never on a server
    /// that takes keys, whose figures have a loopback port of their own.
    var servesMetrics = false

    func register(on router: Router<SyncRequestContext>) {
        // Liveness: the process answers. Readiness: it can take writes now (ADR 0027).
        router.get("healthz") { _, _ in Self.healthy }
        router.get("readyz") { _, _ in await self.readiness() }
        router.post("v1/activities") { request, _ in await self.create(request) }
        router.get("v1/activities") { request, _ in await self.list(request) }
        router.get("v1/activities/:id") { request, context in await self.show(request, context) }
        router.post("v1/activities/:id/intents") { request, context in await self.intent(request, context) }
        router.get("v1/activities/:id/events") { request, context in await self.events(request, context) }
        router.get("v1/sessions/events") { request, context in await self.sessions(request, context) }
        router.get("v1/channels/:id/events") { request, context in await self.channel(request, context) }
        if servesMetrics, access == nil, let metrics = server.metrics {
            MetricsEndpoint.register(on: router, server: server, metrics: metrics)
        }
    }

    // MARK: - Handlers

    /// 201 for a new activity; 200 for a retried creation answered with the activity its
    /// `Idempotency-Key` already made.
    private func create(_ request: Request) async -> Response {
        do {
            // Who asks, first: a stranger learns nothing from our parsing.
            let owner = try await person(request)?.id
            let key = try Self.idempotencyKey(request)
            let body = try await Self.body(of: request)
            let create = try RequestValidation.createBody(body)
            let created = try await server.create(
                create.attributes, showSeconds: create.showSeconds, clientID: create.clientID, idempotencyKey: key,
                owner: owner, liveLimit: access?.limits.liveActivities, groupLimit: access?.limits.groupSits)
            return Self.encoded(
                CreatedBody(id: created.id, token: created.token, state: PushPayload(created.state), followCode: created.followCode),
                status: created.isReplay ? .ok : .created)
        } catch {
            return Self.failure(error)
        }
    }

    private func list(_ request: Request) async -> Response {
        do {
            let listed: [ActivitySummary]
            if let person = try await person(request) {
                listed = try await server.list(ownedBy: person.id)
            } else {
                listed = try await server.list()
            }
            let summaries = listed.map(SummaryBody.init)
            return Self.encoded(ListBody(activities: summaries), status: .ok)
        } catch {
            return Self.failure(error)
        }
    }

    private func show(_ request: Request, _ context: SyncRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            if access != nil { _ = try await admitToActivity(id, token: try Self.bearer(request)) }
            let snapshot = try await server.snapshot(of: id)
            return state(snapshot)
        } catch {
            return Self.failure(error)
        }
    }

    /// The answer to `POST /v1/activities/{id}/intents`.
    private func intent(_ request: Request, _ context: SyncRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            // Authorisation first: a stranger learns nothing from our parsing. Without
            // keys, the server checks the token in the same step as it decides, and only
            // then tells what was wrong with the body: one visit to it, not two.
            let token = try RequestValidation.bearer(request.headers[.authorization])
            if access != nil { _ = try await admitToActivity(id, token: token) }
            let read: Result<Data, any Error>
            do {
                read = .success(try await Self.body(of: request))
            } catch {
                read = .failure(error)
            }
            let intent = Self.intentRequest(ifMatch: request.headers[.ifMatch], body: read)
            return state(try await server.send(intent, to: id, token: token))
        } catch {
            switch error as? SyncError {
            // The server counted these with its decision.
            case .refused, .staleVersion: break
            default: server.metrics?.intentFailed(code: Self.code(of: error))
            }
            return Self.failure(error)
        }
    }

    /// An intent's request as its body and `If-Match` give it; what was wrong with them is
    /// told only once the activity and token passed (``SyncServer/send(_:to:token:)``).
    static func intentRequest(ifMatch: String?, body: Result<Data, any Error>) -> Result<IntentRequest, any Error> {
        do {
            let parsed = try RequestValidation.intentBody(try body.get())
            let expected = try RequestValidation.expectedVersion(ifMatch: ifMatch, body: parsed.expectedVersion)
            return .success(
                try IntentRequest(
                    clientID: parsed.clientID, intentID: parsed.intentID, intent: parsed.intent, expectedVersion: expected))
        } catch {
            return .failure(error)
        }
    }

    private func events(_ request: Request, _ context: SyncRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        let token: String
        do {
            token = try Self.bearer(request)
        } catch {
            return Self.failure(error)
        }
        return await streaming(request, context, of: id, admit: { () async throws(SyncError) in
            try await self.openStream(of: id, token: token)
        }) { (stream, lastEventID) throws(SyncError) in
            try await self.server.attach(to: id, token: token, after: lastEventID, subscriber: .grouped(stream))
        }
    }

    /// A group sit's channel, as its followers read it (ADR 0072): the sit's pushes, with
    /// its join code's secret in `Join-Code`; on a shared server, the follower's own key
    /// as the bearer token, their stream counted against it.
    private func channel(_ request: Request, _ context: SyncRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        let code = request.headers[Self.joinCode] ?? ""
        let sitter: Sitter?
        do {
            sitter = try Self.sitter(request)
        } catch {
            return Self.failure(error)
        }
        return await streaming(request, context, of: id, admit: { () async throws(SyncError) in
            try await self.openFollowerStream(of: id, for: request)
        }) { (stream, lastEventID) throws(SyncError) in
            try await self.server.attach(following: id, code: code, as: sitter, after: lastEventID, subscriber: .grouped(stream))
        }
    }

    /// An event stream of activity `id`, for its token or a sit's follower: `admit` checks
    /// who asks and counts the stream (answering what it counts against, `nil` without
    /// keys), and `attach` subscribes it from the `Last-Event-ID` given; when the stream
    /// ends it is detached, then its count is given back.
    private func streaming(
        _ request: Request, _ context: SyncRequestContext, of id: String,
        admit: () async throws(SyncError) -> CountedStream?,
        attach: (EventStream, UInt64?) async throws(SyncError) -> UUID?
    ) async -> Response {
        let stream = EventStream(channel: context.channel, writes: writes, pushes: pushes)
        let key: UUID?
        let owner: CountedStream?
        do {
            owner = try await admit()
            let lastEventID = RequestValidation.lastEventID(request.headers[Self.lastEventID])
            // Each push is encoded (once for all subscribers) and handed to the stream's
            // event loop on the server's actor, with the loop's other streams: no task of
            // its own between the change and the write.
            key = try await opening(countedAgainst: owner) { () async throws(SyncError) in
                try await attach(stream, lastEventID)
            }
        } catch {
            stream.finish()
            return Self.failure(error)
        }
        let release = StreamRelease { [self] in
            if let key { await server.detach(key, from: id) }
            await giveBack(owner)
        }
        stream.onEnd { release.start() }
        return eventStream(stream, release: release)
    }

    /// The response that writes `stream` as an event stream, with a heartbeat, until the
    /// stream ends or the client goes; its end is written once `release` is done.
    func eventStream(_ stream: EventStream, release: StreamRelease) -> Response {
        heartbeats.add(stream)
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        // The connection ends with the stream (a client that shuts its side ends the
        // stream at once, ``ConnectionWarden``): said, so that a client does not send its
        // next request on it as it closes.
        headers[.connection] = "close"
        let metrics = server.metrics
        let body = ResponseBody { writer in
            metrics?.streamOpened()
            defer { metrics?.streamClosed() }
            let ending = await stream.run()
            // Given back before the end is written: the client's next stream finds it so.
            await release.run()
            if ending == .finished { try await writer.finish(nil) }
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// 200 `{"status": "ready"}` while the server takes requests and its storage answers;
    /// else 503 `{"status": "unavailable", "message": why}` with `Retry-After: 1`, at once
    /// during an outage, so a load balancer stops sending requests here.
    private func readiness() async -> Response {
        var response: Response
        if let reason = await server.unavailability() {
            response = Self.json(["status": "unavailable", "message": reason], status: .serviceUnavailable)
            response.headers[.retryAfter] = "1"
        } else {
            response = Self.json(["status": "ready"], status: .ok)
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    // MARK: - Request helpers

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// Where a follower sends its join code's secret.
    private static let joinCode = HTTPField.Name(JoinCode.headerName)!
    /// Where a follower sends who they are, for the count of people sitting (ADR 0073).
    private static let sitterField = HTTPField.Name(Sitter.headerName)!
    /// The IETF httpapi draft's header for making a POST safe to retry.
    private static let idempotencyKeyField = HTTPField.Name(IdempotencyKey.headerName)!

    /// The creation's key, if it sent one; one header at most, and a valid key.
    private static func idempotencyKey(_ request: Request) throws(SyncError) -> IdempotencyKey? {
        try RequestValidation.idempotencyKey(request.headers[values: idempotencyKeyField])
    }

    /// The follower's sitter, if they sent one: one header at most, and a valid id.
    private static func sitter(_ request: Request) throws(SyncError) -> Sitter? {
        let values = request.headers[values: sitterField]
        guard let text = values.first else { return nil }
        guard values.count == 1, let sitter = Sitter(text) else {
            throw .badRequest("The Sitter header must be one id of 1 to 64 letters, digits, '-' or '_', as `moments join` sends it.")
        }
        return sitter
    }

    private static func body(of request: Request) async throws -> Data {
        var request = request
        do {
            return Data(try await request.collectBody(upTo: SyncHTTPServer.maximumBodySize).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw BodyTooLarge()
        }
    }

    static func bearer(_ request: Request) throws(SyncError) -> String {
        try RequestValidation.bearer(request.headers[.authorization])
    }

    // MARK: - Response helpers

    /// How every JSON answer and event is written: keys sorted, so the same state always
    /// gives the same bytes.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// An activity's state as `GET` and an intent answer it: the push payload, with its
    /// version as the ETag a later `If-Match` names.
    private func state(_ snapshot: ActivitySnapshot) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.eTag] = "\"\(snapshot.version)\""
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: pushes.payload(snapshot)))
    }

    /// `/healthz`'s answer, the same bytes every time: made once, not encoded per request.
    /// A load balancer asks it often, and the benchmarks' floor is what it costs (the
    /// HTTP stack's own work), so it must not include a `JSONEncoder` (issue 25).
    private static var healthy: Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: healthyBody))
    }

    private static let healthyBody = ByteBuffer(string: #"{"status":"ok"}"#)

    static func encoded(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":"encoding_failed"}"#.utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func json(_ value: [String: String], status: HTTPResponse.Status) -> Response {
        encoded(value, status: status)
    }

    /// The `error` code `error` is answered with.
    static func code(of error: any Error) -> String {
        if error is BodyTooLarge { return "body_too_large" }
        return (error as? SyncError)?.code ?? "bad_request"
    }

    static func failure(_ error: any Error) -> Response {
        if error is BodyTooLarge {
            return encoded(
                ErrorBody(error: "body_too_large", message: "The body is over \(SyncHTTPServer.maximumBodySize) bytes; send a smaller one.", state: nil),
                status: .contentTooLarge)
        }
        let syncError = error as? SyncError ?? .badRequest("The request could not be read: \(error).")
        var state: PushPayload?
        var expected: UInt64?
        switch syncError {
        case .refused(_, _, let current): state = PushPayload(current)
        case .staleVersion(let version, let current):
            state = PushPayload(current)
            expected = version
        default: state = nil
        }
        var response = encoded(
            ErrorBody(error: syncError.code, message: syncError.description, state: state, expectedVersion: expected),
            status: HTTPResponse.Status(code: syncError.httpStatus))
        if syncError.httpStatus == 401 { response.headers[.wwwAuthenticate] = "Bearer" }
        switch syncError {
        case .tooManyRequests(let retryAfter, _): response.headers[.retryAfter] = String(retryAfter)
        // The storage could not be written or reached (a database lost a moment): the
        // same request, with the same intent id, is worth sending again soon.
        case .storageFailed, .outcomeUnknown, .unavailable: response.headers[.retryAfter] = "1"
        default: break
        }
        return response
    }
}

/// A body over the size limit (``SyncHTTPServer/maximumBodySize``).
struct BodyTooLarge: Error {}
