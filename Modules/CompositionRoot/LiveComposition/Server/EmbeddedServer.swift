import LiveApp
import Logging
import ServiceLifecycle
import Sync

/// The embedded default: the server ``LiveRoot/buildServer(_:)`` assembles, in this
/// process, with the same rules as `moments serve`, also listening on an ephemeral loopback
/// port so `moments watch` in another terminal can follow it.
///
/// Whoever hosts it (a `moments start`, or a `moments watch` that found no host) holds the
/// state's lock until ``shutdown()``; another process reaches the server through the
/// runtime file instead of opening the state itself.
final class EmbeddedServer: EmbeddedHost {
    private let assembled: LiveServer
    private let group: ServiceGroup
    private let serving: Task<Void, Never>
    /// The loopback port, once listening.
    private let ports: AsyncStream<Int>

    private init(assembled: LiveServer, group: ServiceGroup, serving: Task<Void, Never>, ports: AsyncStream<Int>) {
        self.assembled = assembled
        self.group = group
        self.serving = serving
        self.ports = ports
    }

    /// Builds the server of `configuration` and starts listening on 127.0.0.1 on a port
    /// of the system's choice.
    static func start(_ configuration: ServerConfiguration) async throws(ServerSetupError) -> EmbeddedServer {
        let assembled = try await LiveRoot.buildServer(configuration)
        let quiet = Logger(label: "little-moments.embedded", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let http = SyncHTTPServer(server: assembled.server, host: "127.0.0.1", port: 0, logger: quiet)
        let group = ServiceGroup(
            services: http.makeServices { port in
                portContinuation.yield(port)
                portContinuation.finish()
            }, logger: quiet)
        let onProblem = configuration.onProblem
        let serving = Task {
            do { try await group.run() } catch { onProblem("the embedded server's loopback port stopped: \(error)") }
            portContinuation.finish()
        }
        return EmbeddedServer(assembled: assembled, group: group, serving: serving, ports: ports)
    }

    var connection: any SyncConnection { InProcessConnection(server: assembled.server) }

    var stateFolder: String { assembled.stateFolder }

    func port() async -> Int? {
        var iterator = ports.makeAsyncIterator()
        return await iterator.next()
    }

    func liveSession() async -> (id: String, token: String)? {
        await assembled.liveSession()
    }

    func shutdown() async {
        await group.triggerGracefulShutdown()
        await serving.value
        await assembled.close()
    }
}
