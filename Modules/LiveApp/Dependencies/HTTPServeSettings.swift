import AccessKeys
import SyncProtocol

/// How `moments serve` puts a ``ServerAssembly`` on the network, as its options say:
/// plain values, which the server's HTTP adapter turns into the HTTP server's own.
public struct HTTPServeSettings: Sendable {
    /// The address to bind to.
    public var host: String
    /// The port to bind to; 0 for any free one.
    public var port: Int
    /// How much the server says on standard error.
    public var logLevel: ServeLogLevel
    /// On a server many people share (`--require-keys`), the keys and limits every request
    /// goes through; `nil` for a server of one person.
    public var access: KeyGate?
    /// Seconds a connection may take to send a whole request.
    public var requestTimeout: Int
    /// Seconds an answer may stay unable to write before its connection is closed.
    public var stallTimeout: Int
    /// The descriptors this process may open, when it raised its limit: the connections it
    /// takes are that many, less a few for its own files.
    public var descriptors: Int?
    /// The loopback port `/metrics` is answered on apart from the server's own (0: any
    /// free one); `nil`: on the server's own port, unless it takes keys.
    public var metricsPort: Int?

    /// Settings of `moments serve`.
    public init(
        host: String, port: Int, logLevel: ServeLogLevel, access: KeyGate?, requestTimeout: Int, stallTimeout: Int,
        descriptors: Int?, metricsPort: Int?
    ) {
        self.host = host
        self.port = port
        self.logLevel = logLevel
        self.access = access
        self.requestTimeout = requestTimeout
        self.stallTimeout = stallTimeout
        self.descriptors = descriptors
        self.metricsPort = metricsPort
    }
}

/// How much `moments serve` says on standard error (`--log-level`): swift-log's levels, by
/// name, so that a command can choose one without depending on swift-log. At ``debug``
/// every request gets one line: method, path, status and duration.
public enum ServeLogLevel: String, CaseIterable, Sendable {
    /// Everything, swift-log's and Hummingbird's own tracing included.
    case trace
    /// A line per request, and the lifecycle.
    case debug
    /// The lifecycle and the warnings: the default.
    case info
    /// What an operator should notice.
    case notice
    /// What went wrong but was handled.
    case warning
    /// What failed.
    case error
    /// Only what stops the server.
    case critical
}

/// Why ``ServerAssembly/serve(_:onListening:onMetricsListening:)`` returned early, each
/// said in words a person can act on.
public enum ServeFailure: Error, Equatable, CustomStringConvertible {
    /// A socket could not be bound: the port in use, the address not this machine's, a
    /// privileged port; the words say which and what to do.
    case cannotListen(String)
    /// The server stopped for another reason.
    case stopped(String)
    /// This server listens on no port (a preview's, in memory).
    case notServable(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .cannotListen(let why): "cannot listen: \(why)"
        case .stopped(let why): "the server stopped: \(why)."
        case .notServable(let why): why
        }
    }
}
