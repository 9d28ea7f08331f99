import Domain
import Fixtures
import Foundation
import SyncProtocol
import SyncAuthority

/// A scripted session played the way the live app meets it: the real ``SyncAuthority/SyncServer``
/// in-process, its clock moved to the script's instants, an ``SyncProtocol/ActivityObserver``
/// following the pushes. Nothing is set by hand: the observer ends with whatever the
/// server pushed.
enum LivePlayback {
    /// The push the observer holds once every step is played and its push has arrived.
    static func play(_ script: SessionScript) async throws -> ActivitySnapshot {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let connection = InProcessConnection(server: server)
        let created = try await script.start(on: server, clientID: "consistency")
        let observer = ActivityObserver()
        let following = Task { try await observer.follow(connection, id: created.id, token: created.token) }
        defer { following.cancel() }
        try await script.playSteps(of: created, on: server, clock: clock, clientID: "consistency")
        // Wait for the observer to take the server's last state: an event, not a sleep.
        let last = try await connection.activity(id: created.id).version
        for await push in await observer.contentUpdates() where push.version >= last { break }
        await server.shutdown()
        guard let taken = await observer.current, taken.version >= last else {
            throw PlaybackError(message: "the observer never took version \(last)")
        }
        return taken
    }

    /// Why a playback could not finish.
    struct PlaybackError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
