import LiveApp
import Logging
import ServiceLifecycle
import SyncAuthority
import SyncHTTP
import SyncProtocol

/// The embedded default: the server ``DataFolderAssembly/build(_:)`` assembles, in this
/// process, with the same rules as `moments serve`, also listening on an ephemeral loopback
/// port so `moments watch` in another terminal can follow it.
///
/// Whoever hosts it (a `moments start`, or a `moments watch` that found no host) holds the
/// state's lock until ``shutdown()``; another process reaches the server through the
/// runtime file instead of opening the state itself.
public final class EmbeddedServer: EmbeddedHost {
    private let assembled: DataFolderAssembly
    /// The loopback socket, bound and listening from the start; `nil` if it could not be.
    private let socket: ListeningSocket?
    /// The server's services: its own work from the start, the loopback listener's from
    /// the first watcher on.
    private let group: ServiceGroup
    private let serving: Task<Void, Never>

    private init(assembled: DataFolderAssembly, socket: ListeningSocket?, group: ServiceGroup, serving: Task<Void, Never>) {
        self.assembled = assembled
        self.socket = socket
        self.group = group
        self.serving = serving
    }

    /// Builds the server of `configuration`, runs it (its clock rules and change feed), and
    /// listens on 127.0.0.1 on a port of the system's choice.
    ///
    /// The port is bound and listening at once, so the runtime file can name it, but the
    /// HTTP server behind it (Hummingbird, NIO and its event loop threads) is built only
    /// when the first connection waits on it (ADR 0037): most sessions are never watched
    /// from another terminal, and that server's code and threads were about 3 MB of a
    /// running session's peak memory. The first watcher's request waits the few
    /// milliseconds it takes to start; nothing else changes for it.
    public static func start(_ configuration: ServerConfiguration) async throws(ServerSetupError) -> EmbeddedServer {
        let assembled = try await DataFolderAssembly.build(configuration)
        let server = assembled.server
        let onProblem = configuration.onProblem
        let socket: ListeningSocket?
        do {
            socket = try ListeningSocket.loopback()
        } catch {
            onProblem("the embedded server's loopback port could not be opened: \(error)")
            socket = nil
        }
        let quiet = Logger(label: "little-moments.embedded", factory: { _ in SwiftLogNoOpLogHandler() })
        let group = ServiceGroup(services: [ServerRun(server: server)], logger: quiet)
        // The server's group runs in a task because an embedded host lives from `start` to
        // `shutdown()`, which a session's hand-over may call from another command's task,
        // not for one scope (ADR 0070). `shutdown()` ends the group and awaits this task,
        // so nothing outlives the server.
        let serving = Task {
            await withDiscardingTaskGroup { tasks in
                tasks.addTask {
                    do { try await group.run() } catch { onProblem("the embedded server stopped: \(error)") }
                }
                guard let socket, await socket.firstConnection() else { return }
                // The listener's services join the running group, after the server's, so
                // they stop before it (ADR 0037).
                let http = SyncHTTPServer(server: server, host: "127.0.0.1", port: socket.port, logger: quiet)
                for service in http.makeServices(on: socket, runsServer: false, onListening: { _ in }) {
                    await group.addServiceUnlessShutdown(service)
                }
            }
            // A socket the listener never took (a shutdown came first) is closed here.
            socket?.close()
        }
        return EmbeddedServer(assembled: assembled, socket: socket, group: group, serving: serving)
    }

    public var connection: any SyncConnection { InProcessConnection(server: assembled.server) }

    public var stateFolder: String { assembled.stateFolder }

    public func port() async -> Int? {
        socket?.port
    }

    public func liveSession() async -> SessionHandle? {
        await assembled.liveSession()
    }

    public func shutdown() async {
        // No watcher came: the wait for one ends, and the listener is never built.
        socket?.close()
        // A group not yet running remembers the request, and its run ends at once.
        await group.triggerGracefulShutdown()
        await serving.value
        await assembled.close()
    }
}
