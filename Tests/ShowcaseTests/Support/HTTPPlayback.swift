import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport

/// A scripted session played over the real transport: the real ``SyncServer`` on a preview
/// storage and clock, served over HTTP on 127.0.0.1 by ``SyncHTTPServer``, the session
/// created and every intent sent through ``HTTPSyncConnection``, and an
/// ``ActivityObserver`` following its server-sent events. Only the clock is the script's.
///
/// Every case of a suite plays at once, each on a server of its own, in a test process
/// running every other suite beside them: late in a full run a request has been seen to
/// wait more than the live client's ten seconds (and a connection more than its three). A
/// slow machine is not what these tests test, so their client waits up to
/// ``TestSupport/Patience/hang``, which only a hang reaches.
enum HTTPPlayback {
    /// The live client's configuration with a connection allowed to take as long as a request.
    static let patientClient = HTTPSyncConnection.client(connectTimeout: Patience.hang)

    /// The push the observer holds once every step is played and its event has arrived.
    static func play(_ script: SessionScript) async throws -> ActivitySnapshot {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let http = try await RunningHTTPServer.start(server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL, requestTimeout: Patience.hang, client: patientClient)
        do {
            let taken = try await LivePlayback.play(script, on: server, clock: clock, through: connection, clientID: "consistency-http")
            try await http.stop()
            return taken
        } catch {
            try? await http.stop()
            throw error
        }
    }
}
