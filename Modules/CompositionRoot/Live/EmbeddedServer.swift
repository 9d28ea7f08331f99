import Domain
import Logging
import Persistence
import ServiceLifecycle
import Sync

/// The embedded default: the sync server in this process, on the person's durable state,
/// with the same rules as `moments serve`, also listening on an ephemeral loopback port so
/// `moments watch` in another terminal can follow it.
///
/// Whoever hosts it (a `moments start`, or a `moments watch` that found no host) holds the
/// state's lock until ``shutdown()``; another process reaches the server through the
/// runtime file (``RuntimeDirectory``) instead of opening the state itself.
final class EmbeddedServer: Sendable {
    /// The server, called in-process by this process's screen.
    let server: SyncServer
    /// Where its state lives.
    let locations: StoreLocations
    private let storage: JSONSyncStorage
    private let group: ServiceGroup
    private let serving: Task<Void, Never>
    /// The loopback port, once listening.
    private let ports: AsyncStream<Int>

    private init(server: SyncServer, locations: StoreLocations, storage: JSONSyncStorage, group: ServiceGroup, serving: Task<Void, Never>, ports: AsyncStream<Int>) {
        self.server = server
        self.locations = locations
        self.storage = storage
        self.group = group
        self.serving = serving
        self.ports = ports
    }

    /// Opens the state in `locations` (taking its lock), records ended sessions into the
    /// history on the way (``HistoryRecordingStorage``), catches up the clock rules and
    /// starts listening on 127.0.0.1 on a port of the system's choice.
    static func start(locations: StoreLocations) async throws(EmbeddedServerError) -> EmbeddedServer {
        let storage: JSONSyncStorage
        do {
            storage = try JSONSyncStorage(locations: locations)
        } catch {
            throw .state(error.description)
        }
        for issue in storage.collection.issues { Console.warn(issue.description) }
        let recording = HistoryRecordingStorage(wrapping: storage, locations: locations) { Console.warn($0) }
        let server: SyncServer
        do {
            server = try SyncServer(storage: recording)
        } catch {
            storage.close()
            throw .state("\(error)")
        }
        await server.tick()
        let quiet = Logger(label: "little-moments.embedded", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let http = SyncHTTPServer(server: server, host: "127.0.0.1", port: 0, logger: quiet)
        let group = ServiceGroup(
            services: http.makeServices { port in
                portContinuation.yield(port)
                portContinuation.finish()
            }, logger: quiet)
        let serving = Task {
            do { try await group.run() } catch { Console.warn("the embedded server's loopback port stopped: \(error)") }
            portContinuation.finish()
        }
        return EmbeddedServer(server: server, locations: locations, storage: storage, group: group, serving: serving, ports: ports)
    }

    /// The loopback port, once the socket is bound; `nil` if it could not be.
    func port() async -> Int? {
        var iterator = ports.makeAsyncIterator()
        return await iterator.next()
    }

    /// The newest session still running or paused, with its token: one kept running when
    /// its terminal quit, picked up by the next `start` or `watch`.
    func liveSession() async -> (id: String, token: String)? {
        for summary in await server.list() where summary.status == .active || summary.status == .stale {
            if let token = storage.collection.document(for: summary.id)?.token {
                return (summary.id, token)
            }
        }
        return nil
    }

    /// Ends every event stream, stops listening and releases the state.
    func shutdown() async {
        await group.triggerGracefulShutdown()
        await serving.value
        await server.shutdown()
        storage.close()
    }
}

/// The embedded server could not start.
enum EmbeddedServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Its state could not be opened (in use, unreadable, from a newer version).
    case state(String)

    var description: String {
        switch self {
        case .state(let message): return message
        }
    }
}
