import LiveApp
import Logging
import ServiceLifecycle
import SyncAuthority
import SyncHTTP
import SyncProtocol
import Synchronization

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
    /// the first watcher on. A service of the process's group.
    private let group: ServiceGroup
    /// Ends when ``group`` has stopped.
    private let stopped: Stopped

    private init(assembled: DataFolderAssembly, socket: ListeningSocket?, group: ServiceGroup, stopped: Stopped) {
        self.assembled = assembled
        self.socket = socket
        self.group = group
        self.stopped = stopped
    }

    /// Builds the server of `configuration`, runs it (its clock rules and change feed) as a
    /// service of `process`, the process's group, and listens on 127.0.0.1 on a port of the
    /// system's choice.
    ///
    /// The server lives from here to ``shutdown()``, which a session's hand-over may call
    /// from another command's task, not for one scope: so it is a group of its own within
    /// the process's (ADR 0071), which stops it alone at a hand-over and with everything
    /// else when the process ends.
    ///
    /// The port is bound and listening at once, so the runtime file can name it, but the
    /// HTTP server behind it (Hummingbird, NIO and its event loop threads) is built only
    /// when the first connection waits on it (ADR 0037): most sessions are never watched
    /// from another terminal, and that server's code and threads were about 3 MB of a
    /// running session's peak memory. The first watcher's request waits the few
    /// milliseconds it takes to start; nothing else changes for it.
    public static func start(
        _ configuration: ServerConfiguration, in process: ServiceGroup
    ) async throws(ServerSetupError) -> EmbeddedServer {
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
        // The server's own work first, so it stops last; then, while the group is not yet
        // running, the wait for the first watcher.
        let group = ServiceGroup(services: [ServerRun(server: server)], logger: quiet)
        await group.addServiceUnlessShutdown(
            ServiceGroupConfiguration.ServiceConfiguration(
                service: FirstWatcher(socket: socket, server: server, group: group, logger: quiet), successTerminationBehavior: .ignore))
        let stopped = Stopped()
        await process.addServiceUnlessShutdown(
            ServiceGroupConfiguration.ServiceConfiguration(
                service: Hosting(group: group, assembled: assembled, socket: socket, stopped: stopped, onProblem: onProblem),
                successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
        return EmbeddedServer(assembled: assembled, socket: socket, group: group, stopped: stopped)
    }

    public var connection: any SyncConnection { InProcessConnection(server: assembled.server) }

    public var stateFolder: String { assembled.stateFolder }

    public func port() async -> Int? {
        socket?.port
    }

    public func liveSession() async -> SessionHandle? {
        await assembled.liveSession()
    }

    public func joinCode(of id: String) async -> JoinCode? {
        await assembled.joinCode(of: id)
    }

    public func shutdown() async {
        // No watcher came: the wait for one ends, and the listener is never built.
        socket?.close()
        // A group not yet running remembers the request, and its run ends at once.
        await group.triggerGracefulShutdown()
        await stopped.wait()
    }
}

/// The embedded server's group, as a service of the process's. When the group has stopped
/// (at ``EmbeddedServer/shutdown()``, or with the process's group), it closes a socket the
/// listener never took and the server's storage (the state's lock given back), then tells
/// ``Stopped``.
private struct Hosting: Service {
    let group: ServiceGroup
    let assembled: DataFolderAssembly
    let socket: ListeningSocket?
    let stopped: Stopped
    let onProblem: @Sendable (String) -> Void

    func run() async throws {
        do { try await group.run() } catch { onProblem("the embedded server stopped: \(error)") }
        socket?.close()
        await assembled.close()
        stopped.finish()
    }
}

/// Waits for the first watcher, then adds the loopback listener's services to the
/// embedded server's group, after the server's, so they stop before it (ADR 0037).
/// A graceful shutdown before that closes the socket, which ends the wait.
private struct FirstWatcher: Service {
    let socket: ListeningSocket?
    let server: SyncServer
    let group: ServiceGroup
    let logger: Logger

    func run() async throws {
        guard let socket else { return }
        let watched = await withGracefulShutdownHandler {
            await socket.firstConnection()
        } onGracefulShutdown: {
            socket.close()
        }
        guard watched else { return }
        let http = SyncHTTPServer(server: server, host: "127.0.0.1", port: socket.port, logger: logger)
        for service in http.makeServices(on: socket, runsServer: false, onListening: { _ in }) {
            await group.addServiceUnlessShutdown(service)
        }
    }
}

/// The end of a group's run, awaited by any number of callers.
private final class Stopped: Sendable {
    private struct State {
        var done = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// Returns once ``finish()`` has been called.
    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.done { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Ends every wait, and any to come.
    func finish() {
        let waiting = state.withLock { state in
            state.done = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
