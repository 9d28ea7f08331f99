import AccessKeys
import Foundation
import Logging
import ServiceLifecycle
import SyncAuthority
import SyncHTTP

/// A real ``SyncHTTPServer`` on an ephemeral loopback port, run in a service group that a
/// test can shut down gracefully: the Sync suites' and the showcase's consistency over
/// HTTP.
public struct RunningHTTPServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The group it runs in.
    public let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Its address, for a client.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts serving `server` and returns once the socket listens.
    public static func start(
        _ server: SyncServer, heartbeat: Duration = .seconds(15), access: KeyGate? = nil
    ) async throws -> RunningHTTPServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let http = SyncHTTPServer(
            server: server, port: 0, heartbeat: heartbeat, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            access: access)
        let services = http.makeServices { port in continuation.yield(port) }
        let group = ServiceGroup(services: services, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return RunningHTTPServer(port: port, group: group, task: task)
    }

    /// Shuts down as on SIGTERM and waits until the server has stopped.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
