import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals
#if canImport(Glibc)
import Glibc
#endif
import AccessKeys
import SyncAuthority
import SyncProtocol

/// The sync server over HTTP (`moments serve`, and the embedded default's loopback port):
/// the protocol of Documentation/Protocol.md on Hummingbird 2.
///
/// It binds to 127.0.0.1 unless told otherwise. Every route answers JSON; errors carry
/// `{"error": code, "message": …}` and, where the state matters (409, 412), the current
/// state. On SIGTERM or SIGINT it stops taking requests, ends every event stream and, after
/// ``shutdownGrace`` (``writableShutdownGrace`` for a connection still being read), closes
/// every connection still open (a watcher that stopped reading, a
/// body that never ends), so it always returns promptly. Each connection lives within
/// ``ConnectionLimits``. A server with figures (`SyncServer.metrics`) answers
/// `GET /metrics`: on its own port when it takes no keys and has no ``metricsPort``, else
/// only on 127.0.0.1:``metricsPort`` (ADR 0034).
public struct SyncHTTPServer: Sendable {
    /// The largest request body accepted; larger ones get 413.
    public static let maximumBodySize = 4_096
    /// The port `moments serve` uses by default (`ServerAddresses.defaultPort`).
    public static var defaultPort: Int { ServerAddresses.defaultPort }
    /// The `Server` header of every answer.
    static let serverName = "little-moments"

    /// The server whose state this serves.
    public let server: SyncServer
    /// The address to bind to.
    public let host: String
    /// The port to bind to; 0 for an ephemeral one (reported to `onListening`).
    public let port: Int
    /// How often an idle event stream gets a comment, so clients can tell a quiet stream
    /// from a dead server.
    public let heartbeat: Duration
    /// Where requests and lifecycle events are logged. No key or token is ever logged.
    public let logger: Logger
    /// On a server many people share (`--require-keys`), the keys and limits every request
    /// goes through (ADR 0021); `nil` for a server of one person, as on loopback.
    public let access: KeyGate?
    /// What each connection may hold and for how long, and how many may be open.
    public let limits: ConnectionLimits
    /// The loopback port `GET /metrics` is answered on, apart from the server's own (0:
    /// any free one); `nil`: on the server's own port, unless it takes keys, when it is
    /// not answered at all. Only with `SyncServer.metrics`.
    public let metricsPort: Int?

    /// How long a shutdown lets a connection that cannot be written to (a watcher that
    /// stopped reading) finish before it is closed: every answered intent is already
    /// durable, so nothing answered is lost by closing.
    public static let shutdownGrace: Duration = .milliseconds(500)
    /// How long a shutdown lets a connection that can still be written to finish (an
    /// answer being written, an event stream's last bytes to a reader that reads, a
    /// half-sent request) before it is closed. Longer, so that on a loaded machine a
    /// reading watcher gets its stream's clean end rather than a cut; still within the
    /// two seconds the protocol promises.
    public static let writableShutdownGrace: Duration = .milliseconds(1_500)

    /// A server for `server` on `host:port`.
    public init(
        server: SyncServer, host: String = "127.0.0.1", port: Int = defaultPort,
        heartbeat: Duration = .seconds(15), logger: Logger = Logger(label: "little-moments.sync"),
        access: KeyGate? = nil, limits: ConnectionLimits = ConnectionLimits(), metricsPort: Int? = nil
    ) {
        self.access = access
        self.limits = limits
        self.metricsPort = metricsPort
        self.server = server
        self.host = host
        self.port = port
        self.heartbeat = heartbeat
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT (or cancellation), then closes every stream and returns.
    /// `onListening` is told the port once the socket is bound, after `onMetricsListening`
    /// was told the metrics port, when there is one. Throws ``CannotListen`` when a socket
    /// cannot be bound for a reason a person can mend.
    public func run(
        onListening: @escaping @Sendable (Int) async -> Void = { _ in },
        onMetricsListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: makeServices(onListening: onListening, onMetricsListening: onMetricsListening),
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CannotListen.portInUse(host: host, port: port, metricsPort: metricsPort)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw CannotListen.addressNotHere(host: host)
        } catch let error as IOError where error.errnoCode == EACCES {
            throw CannotListen.privilegedPort(port: port < 1_024 ? port : metricsPort ?? port)
        } catch is SocketAddressError.UnknownHost {
            throw CannotListen.unknownHost(host: host)
        }
    }

    /// Why the server could not listen, each said with what to do instead of the socket
    /// call's own words (`bind(descriptor:ptr:bytes:): … (errno: 98)`).
    public enum CannotListen: Error, Equatable, CustomStringConvertible {
        /// The port, or the metrics' own port when there is one, is another socket's.
        case portInUse(host: String, port: Int, metricsPort: Int?)
        /// No network interface of this machine has the address to listen on.
        case addressNotHere(host: String)
        /// The host to listen on is a name that resolves to nothing.
        case unknownHost(host: String)
        /// A port below 1024 without the privilege to bind it.
        case privilegedPort(port: Int)

        /// What went wrong and what to do, naming the flag to change.
        public var description: String {
            let addresses = "give --host one of this machine's addresses (127.0.0.1, or 0.0.0.0 for all of them)"
            switch self {
            case .portInUse(let host, let port, nil):
                return "port \(port) on \(host) is already in use (another `moments serve`?): stop what listens there, "
                    + "or choose another port with --port (0 for any free one)."
            case .portInUse(let host, let port, let metricsPort?):
                return "port \(port) on \(host), or the metrics port \(metricsPort), is already in use (another "
                    + "`moments serve`?): stop what listens there, or choose others with --port and --metrics-port "
                    + "(0 for any free one)."
            case .addressNotHere(let host):
                return "no network interface of this machine has the address \(host); \(addresses)."
            case .unknownHost(let host):
                return "there is no host called \(host); \(addresses)."
            case .privilegedPort(let port):
                return "port \(port) is below 1024, which only a privileged process may listen on: choose a port of "
                    + "1024 or more with --port, or put a proxy in front on \(port)."
            }
        }
    }

    /// The services to run in one group: the server's own work (``ServerRun``, unless
    /// `runsServer` is `false` because the group already has it), the heartbeat of event
    /// streams, the Hummingbird application, then the closer of event streams. A group
    /// shuts its services down last to first, so on SIGTERM the streams end before the HTTP
    /// server waits for its connections to finish, connections that cannot finish are
    /// closed meanwhile, and the server's clock stops last. With
    /// a ``metricsPort``, its listener runs beside the application, and `onListening` waits
    /// for it to be bound and told to `onMetricsListening`. With a `socket`, the server
    /// answers on it (already bound and listening) instead of binding ``host`` and ``port``.
    public func makeServices(
        on socket: ListeningSocket? = nil, runsServer: Bool = true,
        onListening: @escaping @Sendable (Int) async -> Void,
        onMetricsListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> [any Service] {
        let router = Router(context: SyncRequestContext.self)
        let heartbeats = Heartbeats()
        let connections = OpenConnections()
        let logsRequests = logger.logLevel <= .debug
        let refusals = access == nil ? nil : server.metrics
        if logsRequests || refusals != nil { router.add(middleware: RequestLog(logsRequests: logsRequests, refusals: refusals)) }
        // The encodings and the loops' writes belong to this server's routes and streams.
        let routes = SyncRoutes(
            server: server, heartbeats: heartbeats, pushes: EncodedPushes(), writes: EventLoopWrites(), access: access,
            servesMetrics: metricsPort == nil)
        routes.register(on: router)
        let (limits, logger) = (self.limits, self.logger)
        var metricsListener: [any Service] = []
        var announce = onListening
        if let metrics = server.metrics, let metricsPort {
            let separate = MetricsEndpoint.separatePort(
                metricsPort, server: server, metrics: metrics, logger: logger, onListening: onListening,
                onMetricsListening: onMetricsListening)
            metricsListener = [separate.listener]
            announce = separate.onListening
        }
        let listening: @Sendable (any NIOCore.Channel) async -> Void = { [announce] channel in await announce(channel.localAddress?.port ?? 0) }
        let allowance = limits.maximumConnections.map { ConnectionAllowance(maximum: $0, connections: connections, logger: logger) }
        let channel = HTTP1Channel.Configuration(
            // Made for each connection (the argument is evaluated for each).
            additionalChannelHandlers: [WardenInstaller(limits: limits, connections: connections, logger: logger)])
        let application: any Service
        if let socket {
            application = BoundSocketListener(
                socket: socket, responder: router.buildResponder(), channel: channel, serverName: Self.serverName,
                allowance: allowance, connections: connections, onServerRunning: listening, logger: logger)
        } else {
            var configuration = ApplicationConfiguration(address: .hostname(host, port: port), serverName: Self.serverName)
            configuration.availableConnectionsDelegate = allowance
            application = Application(
                router: router, server: .http1(configuration: channel), configuration: configuration,
                onServerRunning: listening, logger: logger)
        }
        let serverRun: [any Service] = runsServer ? [ServerRun(server: server)] : []
        return serverRun + [HeartbeatService(heartbeats: heartbeats, interval: heartbeat), application] + metricsListener
            + [StreamCloser(server: server, connections: connections)]
    }
}

/// The sync server's own work (`SyncServer.run()`: the clock rules and the
/// change feed) as a service of its process's group. First in the group, it is told of a
/// graceful shutdown last, so the clock keeps running while every stream and connection
/// ends.
public struct ServerRun: Service {
    /// The server it runs.
    public let server: SyncServer

    /// The service that runs `server`.
    public init(server: SyncServer) {
        self.server = server
    }

    /// Runs the server until the graceful shutdown reaches this service, or the server
    /// shuts down; then waits for the group's graceful shutdown (also when another owner
    /// already runs the server), so that the group does not take its end for a failure.
    public func run() async throws {
        await cancelWhenGracefulShutdown { [server] in await server.run() }
        try? await gracefulShutdown()
    }
}

/// Ends every event stream when a graceful shutdown begins, so open connections finish
/// and the process can exit at once; closes those still open after the grace (a writer
/// whose reader stopped reading never finishes by itself).
private struct StreamCloser: Service {
    let server: SyncServer
    let connections: OpenConnections

    func run() async throws {
        try? await gracefulShutdown()
        await server.shutdown()
        connections.closeAll(stalledAfter: SyncHTTPServer.shutdownGrace, othersAfter: SyncHTTPServer.writableShutdownGrace)
    }
}
