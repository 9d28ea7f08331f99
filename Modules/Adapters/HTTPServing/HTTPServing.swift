import LiveApp
import Logging
import SyncAuthority
import SyncHTTP
import SyncProtocol

/// An assembled server put on the network as `moments serve`'s options say: the live app's
/// ``LiveApp/HTTPServeSettings`` turned into SyncHTTP's server, which serves the
/// authoritative server until SIGTERM or SIGINT. One function for both assemblies (the
/// data folder's, the shared database's), so the live app never names the HTTP server.
public enum HTTPServing {
    /// Serves `server` over HTTP as `settings` say, until a graceful shutdown; see
    /// ``LiveApp/ServerAssembly/serve(_:onListening:onMetricsListening:)``.
    public static func serve(
        _ server: SyncServer, _ settings: HTTPServeSettings,
        onListening: @escaping @Sendable (_ port: Int, _ maximumConnections: Int?) async -> Void,
        onMetricsListening: @escaping @Sendable (_ port: Int) async -> Void
    ) async throws(ServeFailure) {
        var limits = ConnectionLimits(requestTimeout: .seconds(settings.requestTimeout), stallTimeout: .seconds(settings.stallTimeout))
        if let descriptors = settings.descriptors { limits = limits.forDescriptors(descriptors) }
        // The live app's levels are swift-log's, by name.
        let level = Logger.Level(rawValue: settings.logLevel.rawValue) ?? .info
        let http = SyncHTTPServer(
            server: server, host: settings.host, port: settings.port, logger: SyncHTTPServer.logger(level: level), access: settings.access,
            limits: limits, metricsPort: settings.metricsPort)
        let maximumConnections = limits.maximumConnections
        do {
            try await http.run(onListening: { await onListening($0, maximumConnections) }, onMetricsListening: onMetricsListening)
        } catch let error as SyncHTTPServer.CannotListen {
            throw .cannotListen(error.description)
        } catch {
            throw .stopped(String(describing: error))
        }
    }
}

/// A ``LiveApp/ServerAssembly`` whose authoritative server is this process's
/// ``SyncAuthority/SyncServer``: called in process through an ``InProcessConnection``, and
/// served over HTTP by ``HTTPServing``. The assemblies conform by naming their server.
public protocol SyncServerAssembly: ServerAssembly {
    /// The authoritative server.
    var server: SyncServer { get }
}

extension SyncServerAssembly {
    /// The server, called in this process.
    public var connection: any SyncConnection { InProcessConnection(server: server) }

    /// Serves ``server`` over HTTP (``HTTPServing/serve(_:_:onListening:onMetricsListening:)``).
    public func serve(
        _ settings: HTTPServeSettings, onListening: @escaping @Sendable (_ port: Int, _ maximumConnections: Int?) async -> Void,
        onMetricsListening: @escaping @Sendable (_ port: Int) async -> Void
    ) async throws(ServeFailure) {
        try await HTTPServing.serve(server, settings, onListening: onListening, onMetricsListening: onMetricsListening)
    }
}
