import LiveApp
import Logging
import ServiceLifecycle
import Sync

/// The embedded default: the server ``DataFolderServer/build(_:)`` assembles, in this
/// process, with the same rules as `moments serve`, also listening on an ephemeral loopback
/// port so `moments watch` in another terminal can follow it.
///
/// Whoever hosts it (a `moments start`, or a `moments watch` that found no host) holds the
/// state's lock until ``shutdown()``; another process reaches the server through the
/// runtime file instead of opening the state itself.
public final class EmbeddedServer: EmbeddedHost {
    private let assembled: DataFolderServer
    /// The loopback listener's service group, once its task has built it.
    private let listener: AsyncStream<ServiceGroup>
    private let serving: Task<Void, Never>
    /// The loopback port, once listening.
    private let ports: AsyncStream<Int>

    private init(assembled: DataFolderServer, listener: AsyncStream<ServiceGroup>, serving: Task<Void, Never>, ports: AsyncStream<Int>) {
        self.assembled = assembled
        self.listener = listener
        self.serving = serving
        self.ports = ports
    }

    /// Builds the server of `configuration` and starts listening on 127.0.0.1 on a port
    /// of the system's choice.
    ///
    /// The listener is built and run in a task of its own: its set-up (the HTTP
    /// application, its event loops and their first generic metadata) took a third of the
    /// way from process start to the first frame, which needs only the in-process server.
    /// Another terminal finds the port in the runtime file once it is bound.
    public static func start(_ configuration: ServerConfiguration) async throws(ServerSetupError) -> EmbeddedServer {
        let assembled = try await DataFolderServer.build(configuration)
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let (listener, listenerContinuation) = AsyncStream.makeStream(
            of: ServiceGroup.self, bufferingPolicy: .bufferingNewest(1))
        let server = assembled.server
        let onProblem = configuration.onProblem
        let serving = Task {
            let quiet = Logger(label: "little-moments.embedded", factory: { _ in SwiftLogNoOpLogHandler() })
            let http = SyncHTTPServer(server: server, host: "127.0.0.1", port: 0, logger: quiet)
            let group = ServiceGroup(
                services: http.makeServices { port in
                    portContinuation.yield(port)
                    portContinuation.finish()
                }, logger: quiet)
            listenerContinuation.yield(group)
            listenerContinuation.finish()
            do { try await group.run() } catch { onProblem("the embedded server's loopback port stopped: \(error)") }
            portContinuation.finish()
        }
        return EmbeddedServer(assembled: assembled, listener: listener, serving: serving, ports: ports)
    }

    public var connection: any SyncConnection { InProcessConnection(server: assembled.server) }

    public var stateFolder: String { assembled.stateFolder }

    public func port() async -> Int? {
        var iterator = ports.makeAsyncIterator()
        return await iterator.next()
    }

    public func liveSession() async -> SessionHandle? {
        await assembled.liveSession()
    }

    public func shutdown() async {
        // A group not yet running remembers the request, and its run ends at once.
        for await group in listener { await group.triggerGracefulShutdown() }
        await serving.value
        await assembled.close()
    }
}
