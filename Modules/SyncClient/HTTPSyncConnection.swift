import AsyncHTTPClient
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP1
import SyncProtocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `SyncConnection` over HTTP to `moments serve` or another app's embedded server, or
/// to any of several servers that share one store (`--server` given more than once).
///
/// With several servers, requests go to one until it stops answering (it cannot be
/// reached, or says it is shutting down); then they go on through the next, in turn.
/// Intents are retried with the same intent id, and creations with an idempotency key with
/// the same key (so the server answers a retry as it answered the first, and never makes
/// a second activity), while the server cannot be reached or says it is unavailable, with
/// a growing pause between tries. A creation without a key is tried once. An event stream
/// that stays silent longer than `readTimeout` (the server sends a heartbeat every 15
/// seconds) is taken as a dead server.
public struct HTTPSyncConnection: SyncConnection {
    /// The servers' base addresses, such as `http://127.0.0.1:7460`, in the order they are
    /// tried.
    public let baseURLs: [String]
    /// How long an event stream may be silent before the server counts as gone.
    public let readTimeout: Duration
    /// How many times an intent, or a creation with a key, is sent before giving up.
    public let attempts: Int
    /// How long one request may wait for its answer before the server counts as not answering.
    public let requestTimeout: Duration
    /// The person's access key for a shared server (`--require-keys`), sent as the bearer token
    /// when creating and listing activities; `nil` for a server of one person.
    let accessKey: String?
    private let client: HTTPClient
    /// Which of ``baseURLs`` requests go to now; shared by every copy of the connection.
    private let current = Rotation()

    /// A connection to `baseURL`, with the person's access key when the server asks for one.
    /// `baseURL` may name several servers sharing one store, separated by commas
    /// (`ServerAddresses`); they are tried in that order. `requestTimeout` bounds each
    /// request's wait for its answer (ten seconds unless a caller on a slower path asks for
    /// more).
    public init(
        baseURL: String, accessKey: String? = nil, readTimeout: Duration = .seconds(35), attempts: Int = 4,
        requestTimeout: Duration = .seconds(10), client: HTTPClient = HTTPSyncConnection.sharedClient
    ) {
        self.requestTimeout = requestTimeout
        self.accessKey = accessKey.flatMap { $0.isEmpty ? nil : $0 }
        let urls = ServerAddresses.split(baseURL).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        baseURLs = urls.isEmpty ? [baseURL] : urls
        self.readTimeout = readTimeout
        // Every server gets its tries.
        self.attempts = max(1, attempts) * baseURLs.count
        self.client = client
    }

    /// The HTTP client every connection uses unless given another, for as long as the
    /// process runs (as `HTTPClient.shared`, which is never shut down either, but with a
    /// configuration of its own, which the shared client cannot take).
    ///
    /// It tries each connection once: a refused connection or a host with no address fails
    /// its request at once, with that reason, and the caller's own retries (``attempts``
    /// here, the live app's retry policy above it) decide whether and when to try again,
    /// instead of the pool retrying in silence behind them until its connect timeout (90
    /// seconds on the shared client), when only "it took too long" is left to say. A
    /// server that takes the connection but does not answer is still waited for, up to
    /// the request's own deadline.
    public static let sharedClient = client(connectTimeout: .seconds(3))

    /// A client configured as ``sharedClient`` is, whose connections may take up to
    /// `connectTimeout` to be established; whoever makes one keeps it for as long as it runs.
    public static func client(connectTimeout: Duration) -> HTTPClient {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = TimeAmount(connectTimeout)
        // A sync server answers where it is asked; a redirect is not followed anywhere else.
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The address requests go to now.
    public var baseURL: String { baseURLs[current.index % baseURLs.count] }

    /// After a request to `url` found its server gone, moves on to the next server, unless
    /// another request already did.
    private func moveOn(from url: String) {
        guard baseURLs.count > 1, let index = baseURLs.firstIndex(of: url) else { return }
        current.advance(from: index, count: baseURLs.count)
    }

    public func createActivity(
        _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
    ) async throws(SyncError) -> CreatedActivity {
        let body = CreateActivityBody(attributes: attributes, clientID: clientID, showSeconds: showSeconds)
        let headers = idempotencyKey.map { [(IdempotencyKey.headerName, $0.headerValue)] } ?? []
        // Only a keyed creation is safe to send again: without a key a retry could make a second.
        let (status, created) = try await retrying(idempotencyKey == nil ? 1 : attempts) { () async throws(SyncError) in
            let (status, data) = try await exchange("POST", "/v1/activities", body: body, token: accessKey, headers: headers)
            return (status, try Self.decode(CreatedBody.self, from: data))
        }
        // 200 rather than 201: the key's activity, made by an earlier try.
        return CreatedActivity(
            id: created.id, token: created.token, state: created.state.snapshot, isReplay: status == 200,
            followCode: created.followCode)
    }

    public func activities() async throws(SyncError) -> [ActivitySummary] {
        let list = try await call(ListBody.self, "GET", "/v1/activities", token: accessKey)
        return list.activities.map { summary in
            ActivitySummary(id: summary.id, name: summary.name, status: summary.status, version: summary.version, activity: summary.activity)
        }
    }

    public func activity(id: String) async throws(SyncError) -> ActivitySnapshot {
        try await activity(id: id, token: nil)
    }

    public func activity(id: String, token: String?) async throws(SyncError) -> ActivitySnapshot {
        try await call(PushPayload.self, "GET", "/v1/activities/\(Self.escape(id))", token: token, activityID: id).snapshot
    }

    public func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
        let body = IntentBody(request)
        return try await retrying(attempts) { () async throws(SyncError) in
            try await call(
                PushPayload.self, "POST", "/v1/activities/\(Self.escape(id))/intents", body: body, token: token,
                activityID: id
            ).snapshot
        }
    }

    public func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        let server = baseURL
        var request = HTTPClientRequest(url: server + "/v1/activities/\(Self.escape(id))/events")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: String(lastEventID)) }
        let response = try await execute(
            request, on: server, timeout: streamHeadTimeout, activityID: id)
        // A stream that breaks sends the follower's next try to the next server.
        return EventStreamBody.snapshots(from: response.body, readTimeout: readTimeout) { moveOn(from: server) }
    }

    /// A group sit's channel: `GET /v1/channels/{id}/events`, its secret in `Join-Code`, and
    /// on a shared server the person's own access key as the bearer token; the sitter in
    /// `Sitter`.
    public func follow(_ code: JoinCode, as sitter: Sitter?, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        let server = baseURL
        var request = HTTPClientRequest(url: server + "/v1/channels/\(Self.escape(code.id))/events")
        request.headers.add(name: JoinCode.headerName, value: code.secret)
        if let sitter { request.headers.add(name: Sitter.headerName, value: sitter.id) }
        if let accessKey { request.headers.add(name: "Authorization", value: "Bearer \(accessKey)") }
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: String(lastEventID)) }
        let response = try await execute(request, on: server, timeout: streamHeadTimeout, activityID: code.id)
        return EventStreamBody.snapshots(from: response.body, readTimeout: readTimeout) { moveOn(from: server) }
    }

    public func sessions() async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error> {
        let server = baseURL
        var request = HTTPClientRequest(url: server + "/v1/sessions/events")
        if let accessKey { request.headers.add(name: "Authorization", value: "Bearer \(accessKey)") }
        request.headers.add(name: "Accept", value: "text/event-stream")
        let response = try await execute(
            request, on: server, timeout: streamHeadTimeout, activityID: "")
        return EventStreamBody.snapshots(from: response.body, readTimeout: readTimeout) { moveOn(from: server) }
    }

    // MARK: - Plumbing

    /// How long opening an event stream may wait for the answer's head: as long as any other
    /// request (``requestTimeout``), or the read timeout and a second if that is longer. A short read
    /// timeout governs silence on an open stream, not how long a busy machine takes to answer.
    private var streamHeadTimeout: TimeAmount {
        TimeAmount(max(requestTimeout, readTimeout + .seconds(1)))
    }

    /// Runs `operation` up to `tries` times while the server cannot be reached, is shutting
    /// down or could not save, pausing twice as long after each try; only for requests
    /// that the server answers the same however often they arrive.
    private func retrying<T>(_ tries: Int, _ operation: () async throws(SyncError) -> T) async throws(SyncError) -> T {
        var delay = Duration.milliseconds(50)
        for attempt in 1...max(1, tries) {
            do {
                return try await operation()
            } catch {
                let worthRetrying: Bool
                switch error {
                case .unreachable, .unavailable, .storageFailed: worthRetrying = attempt < tries
                default: worthRetrying = false
                }
                guard worthRetrying else { throw error }
                try? await Task.sleep(for: delay)
                delay *= 2
            }
        }
        throw .unreachable("no answer after \(tries) tries")
    }

    private func call<T: Decodable>(
        _ type: T.Type, _ method: String, _ path: String, body: (any Encodable)? = nil, token: String? = nil,
        activityID: String = ""
    ) async throws(SyncError) -> T {
        // A read is safe to send again: with several servers, one that is gone is tried past.
        let tries = method == "GET" && baseURLs.count > 1 ? attempts : 1
        let (_, data) = try await retrying(tries) { () async throws(SyncError) in
            try await exchange(method, path, body: body, token: token, activityID: activityID)
        }
        return try Self.decode(T.self, from: data)
    }

    /// Sends a request and answers a success's status and body; any other status is the
    /// ``SyncError`` it stands for.
    private func exchange(
        _ method: String, _ path: String, body: (any Encodable)? = nil, token: String? = nil,
        headers: [(String, String)] = [], activityID: String = ""
    ) async throws(SyncError) -> (status: Int, body: Data) {
        let server = baseURL
        var request = HTTPClientRequest(url: server + path)
        request.method = HTTPMethod(rawValue: method)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            let data: Data
            do {
                data = try JSONEncoder().encode(body)
            } catch {
                throw .badRequest("The request could not be written as JSON: \(error).")
            }
            request.body = .bytes(ByteBuffer(bytes: data))
        }
        let response = try await execute(request, on: server, timeout: TimeAmount(requestTimeout), activityID: activityID)
        return (Int(response.status.code), try await Self.collect(response))
    }

    /// Sends `request` to `server` and answers a success's response; any other status is
    /// the ``SyncError`` it stands for. A server that cannot be reached, or says it is
    /// shutting down, sends the next request to the next server.
    private func execute(
        _ request: HTTPClientRequest, on server: String, timeout: TimeAmount, activityID: String
    ) async throws(SyncError) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout)
        } catch {
            moveOn(from: server)
            throw .unreachable(Self.reason(error, server: server))
        }
        guard (200..<300).contains(Int(response.status.code)) else {
            let data = try await Self.collect(response)
            let error = SyncError(
                status: Int(response.status.code), body: data, id: activityID,
                retryAfter: response.headers.first(name: "Retry-After").flatMap { Int($0.filter { !$0.isWhitespace }) })
            if case .unavailable = error { moveOn(from: server) }
            throw error
        }
        return response
    }

    /// Why `server` could not be reached, in a person's words and naming it: it refused
    /// the connection, its host does not exist, or it did not answer in time; else the
    /// client's own words. NIO's DNS failure (`NIOConnectionError`, of NIOPosix, which this
    /// module does not import) is known by its description.
    static func reason(_ error: any Error, server: String) -> String {
        if let failure = error as? IOError, failure.errnoCode == ECONNREFUSED {
            return "\(server) refused the connection: nothing listens on that port"
        }
        if let failure = error as? HTTPClientError,
            [.deadlineExceeded, .connectTimeout, .readTimeout].contains(failure)
        {
            return "\(server) did not answer in time"
        }
        if error is CancellationError { return "\(server): the request was cancelled" }
        let words = String(describing: error)
        if words.contains("UnknownHost") || words.hasPrefix("DNS error") {
            return "the host of \(server) does not exist (no address for its name)"
        }
        return "\(server): \(words)"
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(SyncError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .unreachable("the server's answer could not be read: \(error)")
        }
    }

    private static func collect(_ response: HTTPClientResponse) async throws(SyncError) -> Data {
        do {
            return Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        } catch {
            throw .unreachable(String(describing: error))
        }
    }

    private static func escape(_ component: String) -> String {
        // RFC 3986 unreserved characters stay; every other byte, "/" included, is escaped.
        var escaped = ""
        for byte in component.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                escaped += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return escaped
    }
}

/// Which server of a connection's list requests go to: moved on by whichever request first
/// finds the current one gone, so requests in flight together move it once.
private final class Rotation: Sendable {
    private let position = Mutex(0)

    var index: Int { position.withLock { $0 } }

    func advance(from failed: Int, count: Int) {
        position.withLock { if $0 % count == failed { $0 = (failed + 1) % count } }
    }
}
