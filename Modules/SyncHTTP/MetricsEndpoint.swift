import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import SyncAuthority

/// `GET /metrics`: the server's figures (``SyncMetrics``) in the text format Prometheus
/// scrapes, on the server's own port when nobody needs a key, and otherwise only on a
/// loopback port of its own (ADR 0034).
enum MetricsEndpoint {
    /// Prometheus's text exposition format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Adds `GET /metrics` to `router`, answering `server`'s figures.
    static func register<Context: RequestContext>(on router: Router<Context>, server: SyncServer, metrics: SyncMetrics) {
        router.get("metrics") { _, _ in await answer(server: server, metrics: metrics) }
    }

    /// The scrape's answer: the figures counted at scrape time first (the activities that
    /// have not ended), then every figure as the backend writes it.
    static func answer(server: SyncServer, metrics: SyncMetrics) async -> Response {
        await server.countActiveActivities()
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposed())))
    }

    /// The listener of a server whose `/metrics` has a port of its own, `port` on
    /// 127.0.0.1, answering that one path; and the server's own `onListening`, made to
    /// wait until that port is bound and told to `onMetricsListening`, so a caller hears of
    /// both ports, the metrics one first.
    static func separatePort(
        _ port: Int, server: SyncServer, metrics: SyncMetrics, logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void, onMetricsListening: @escaping @Sendable (Int) async -> Void
    ) -> (listener: any Service, onListening: @Sendable (Int) async -> Void) {
        let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let router = Router()
        register(on: router, server: server, metrics: metrics)
        let listener = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "little-moments"),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port ?? 0)
                boundContinuation.finish()
            },
            logger: logger)
        let waiting: @Sendable (Int) async -> Void = { serverPort in
            var ports = bound.makeAsyncIterator()
            // Nil when the metrics port could not be bound: the whole group is ending then.
            guard let metricsPort = await ports.next() else { return }
            await onMetricsListening(metricsPort)
            await onListening(serverPort)
        }
        return (listener, waiting)
    }
}

/// What every request of `moments serve` goes through when someone needs it: at
/// `--log-level debug`, one line with its method, path, status and duration (for an event
/// stream, until its head is sent); on a server that requires keys and keeps figures, its
/// refusals at the door (401, 404, 429) counted. It is not installed when neither is
/// asked for, so the intent path does not pass through it for nothing.
struct RequestLog: RouterMiddleware {
    typealias Context = SyncRequestContext

    /// Whether each request gets its line.
    let logsRequests: Bool
    /// Where a keyed server counts its refusals; `nil` on a server without keys or figures.
    let refusals: SyncMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = logsRequests ? ContinuousClock.now : nil
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            if let start {
                let status = (error as? any HTTPResponseError)?.status.code ?? 500
                log(request, status: status, since: start, context: context)
            }
            throw error
        }
        let status = response.status.code
        if let refusals, status == 401 || status == 404 || status == 429 { refusals.keyRefused(status: status) }
        if let start { log(request, status: status, since: start, context: context) }
        return response
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, context: Context) {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
        context.logger.debug("\(request.method.rawValue) \(request.uri.path) \(status) \(Self.shown(milliseconds)) ms")
    }

    /// Milliseconds to the microsecond, as a log line shows them.
    private static func shown(_ milliseconds: Double) -> String {
        let micro = Int((milliseconds * 1_000).rounded())
        let fraction = String(micro % 1_000)
        return "\(micro / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
