import AccessKeys
import SyncProtocol

/// A sync server and the storage this process assembled it on (the person's durable
/// state), holding its lock until ``close()``: what `moments serve` puts on the network. The live app reaches it
/// only through this protocol: in process through ``connection``, over HTTP through
/// ``serve(_:onListening:onMetricsListening:)``.
public protocol ServerAssembly: Sendable {
    /// The server, called in this process.
    var connection: any SyncConnection { get }
    /// Where its state lives.
    var stateFolder: String { get }
    /// The people's access keys kept with the server's state, when its store keeps them (a shared
    /// database, so a revocation holds on every server at once); `nil` when they are the
    /// data folder's keys file.
    var keys: (any AccessKeyStore)? { get }
    /// Serves it over HTTP as `settings` say, until SIGTERM or SIGINT ends a graceful
    /// shutdown: `onListening` is told the port and the most connections it takes once the
    /// socket is bound, after `onMetricsListening` was told the metrics' own port, if any.
    ///
    /// - Throws: ``ServeFailure`` when it cannot listen, or stops for another reason.
    func serve(
        _ settings: HTTPServeSettings, onListening: @escaping @Sendable (_ port: Int, _ maximumConnections: Int?) async -> Void,
        onMetricsListening: @escaping @Sendable (_ port: Int) async -> Void
    ) async throws(ServeFailure)
    /// Releases the state (its lock).
    func close() async
}

extension ServerAssembly {
    /// No keys of its own: the data folder's keys file.
    public var keys: (any AccessKeyStore)? { nil }
}

/// The embedded default: a ``ServerAssembly`` in this process, which this process's
/// screen calls directly, also listening on a loopback port so `moments watch` in another
/// terminal can follow it.
public protocol EmbeddedHost: Sendable {
    /// The connection this process's own screen uses: the server, called in-process.
    var connection: any SyncConnection { get }
    /// Where the server's state lives.
    var stateFolder: String { get }
    /// The loopback port, once the socket is bound; `nil` if it could not be.
    func port() async -> Int?
    /// The newest session still running or paused, with its token: one kept running when
    /// its terminal quit, picked up by the next `start` or `watch`.
    func liveSession() async -> SessionHandle?
    /// The join code of group sit `id`, when the state keeps it whole (the personal files
    /// do): what the leader's screen shows again when a `start` picks the sit up. `nil`
    /// for a sit alone.
    func joinCode(of id: String) async -> JoinCode?
    /// Ends every event stream, stops listening and releases the state.
    func shutdown() async
}

/// A sync server could not be assembled: its state could not be opened (in use,
/// unreadable, from a newer version). The message says which and why.
public struct ServerSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// Why, as far as a command's exit status and advice depend on it.
    public let cause: Cause

    /// What kind of failure kept the server from being assembled.
    public enum Cause: Hashable, Sendable {
        /// Another process holds the state (a `moments serve` on the same folder, say).
        case inUse
        /// The machine refused: a full disk, a folder that cannot be written or read.
        case environment
        /// What was given cannot be used as it is: a database URL of the wrong shape.
        case input
        /// Anything else: state from a newer version, a database that cannot be reached.
        case other
    }

    /// How `moments serve` and `moments keys` end on it: 1 for input to write again, 4 when
    /// the machine refused (as every command answers that), else 3, as for a server that
    /// cannot be reached (the database, or the state, could not be).
    var exitStatusOfAServer: ExitStatus {
        switch cause {
        case .input: return .usageOrInput
        case .environment: return .environmentFailure
        case .inUse, .other: return .serverUnreachable
        }
    }

    /// An error described by `description`, for `cause`.
    public init(_ description: String, cause: Cause = .other) {
        self.description = description
        self.cause = cause
    }
}
