import Domain
import LiveApp
import Persistence
import SyncJSONStore
import Sync

/// A sync server as ``LiveRoot/buildServer(_:)`` assembles it: the authoritative
/// ``Sync/SyncServer`` on Persistence's durable JSON files, recording every ended session
/// into the history. It holds the state's lock until ``close()``.
public final class LiveServer: AssembledServer {
    /// The server.
    public let server: SyncServer
    /// Its storage, for the tokens of the sessions it keeps.
    public let storage: JSONSyncStorage
    /// Where its state lives.
    public let stateFolder: String

    init(server: SyncServer, storage: JSONSyncStorage, stateFolder: String) {
        self.server = server
        self.storage = storage
        self.stateFolder = stateFolder
    }

    /// The newest session still running or paused, with its token: one kept running when
    /// its terminal quit, picked up by the next `start` or `watch`.
    public func liveSession() async -> (id: String, token: String)? {
        guard let listed = try? await server.list() else { return nil }
        for summary in listed where summary.status == .active || summary.status == .stale {
            // The JSON files keep each token whole for this (ADR 0023).
            if let token = try? await storage.activity(summary.id)?.token.plain {
                return (summary.id, token)
            }
        }
        return nil
    }

    /// Ends every event stream and releases the state.
    public func close() async {
        await server.shutdown()
        storage.close()
    }
}
