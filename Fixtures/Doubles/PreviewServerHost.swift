import Domain
import LiveApp
import SyncAuthority
import SyncProtocol

/// The sync server a preview or an in-process test of the live app hosts: the real
/// `SyncServer` on a ``PreviewSyncStorage`` and a preview clock, standing in for the
/// embedded server on the person's files (`EmbeddedHost`) and for `moments serve`'s
/// (`ServerAssembly`). It listens on no port: nothing outside the process can
/// reach it.
public final class PreviewServerHost: EmbeddedHost, ServerAssembly {
    /// The real server, on ``storage``.
    public let server: SyncServer
    /// Where its activities are kept.
    public let storage: PreviewSyncStorage

    /// The server's run (its clock rules), from the host's making to ``shutdown()``.
    private let serving: Task<Void, Never>

    /// A server on `storage`, its rules on `clock`, running (`SyncServer.run()`).
    public init(storage: PreviewSyncStorage = PreviewSyncStorage(), clock: any SyncClock) {
        self.storage = storage
        let server = SyncServer(storage: storage, clock: clock)
        self.server = server
        // As the embedded server it stands for, the host lives from its making to
        // `shutdown()`, not for one scope (ADR 0070): `shutdown()` ends the run and awaits
        // it, and a host let go without one cancels it.
        serving = Task { await server.run() }
    }

    deinit { serving.cancel() }

    public var connection: any SyncConnection { InProcessConnection(server: server) }

    public var stateFolder: String { "/preview/state" }

    /// It listens on no port: a preview reaches nothing outside the process.
    public func serve(
        _ settings: HTTPServeSettings, onListening: @escaping @Sendable (_ port: Int, _ maximumConnections: Int?) async -> Void,
        onMetricsListening: @escaping @Sendable (_ port: Int) async -> Void
    ) async throws(ServeFailure) {
        throw .notServable("a preview server listens on no port; run `moments serve` for one that does")
    }

    public func port() async -> Int? { nil }

    public func liveSession() async -> SessionHandle? {
        guard let listed = try? await server.list() else { return nil }
        for summary in listed where summary.status == .active || summary.status == .stale {
            if let token = try? await storage.activity(summary.id)?.token.plain { return SessionHandle(id: summary.id, token: token) }
        }
        return nil
    }

    public func joinCode(of id: String) async -> JoinCode? {
        guard let secret = try? await storage.activity(id)?.followCode?.plain else { return nil }
        return JoinCode(id: id, secret: secret)
    }

    public func shutdown() async {
        await server.shutdown()
        await serving.value
    }

    public func close() async { await shutdown() }
}
