import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport

/// A scripted session played over the real transport: the real ``SyncServer`` on a preview
/// storage and clock, served over HTTP on 127.0.0.1 by ``SyncHTTPServer``, the session
/// created and every intent sent through ``HTTPSyncConnection``, and an
/// ``ActivityObserver`` following its server-sent events. Only the clock is the script's.
enum HTTPPlayback {
    /// The push the observer holds once every step is played and its event has arrived.
    static func play(_ script: SessionScript) async throws -> ActivitySnapshot {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let http = try await RunningHTTPServer.start(server)
        do {
            let taken = try await LivePlayback.play(
                script, on: server, clock: clock, through: HTTPSyncConnection(baseURL: http.baseURL), clientID: "consistency-http")
            try await http.stop()
            return taken
        } catch {
            try? await http.stop()
            throw error
        }
    }
}
