import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol

/// A scripted session played the way the live app meets it: the real ``SyncAuthority/SyncServer``
/// on a preview storage, its clock moved to the script's instants, an
/// ``SyncProtocol/ActivityObserver`` following the pushes. Nothing is set by hand: the
/// observer ends with whatever the server pushed.
enum LivePlayback {
    /// The push the observer holds once every step is played in process and its push has
    /// arrived.
    /// `each` is given every push the observer takes, in order, as it takes it.
    static func play(_ script: SessionScript, each: (@Sendable (ActivitySnapshot) -> Void)? = nil) async throws -> ActivitySnapshot {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        do {
            let taken = try await play(
                script, on: server, clock: clock, through: InProcessConnection(server: server), clientID: "consistency", each: each)
            await server.shutdown()
            return taken
        } catch {
            await server.shutdown()
            throw error
        }
    }

    /// Plays `script` on `server` through `connection`: the session created and every intent
    /// sent through it, an observer following its pushes there; `clock` stands at the
    /// script's start. The push the observer holds once it has taken the server's last state.
    static func play(
        _ script: SessionScript, on server: SyncServer, clock: PreviewClock, through connection: any SyncConnection,
        clientID: String, each: (@Sendable (ActivitySnapshot) -> Void)? = nil
    ) async throws -> ActivitySnapshot {
        let created = try await connection.createActivity(
            script.attributes, showSeconds: script.showSeconds, clientID: clientID, idempotencyKey: nil)
        let observer = ActivityObserver()
        if let each { await observer.forward(to: each) }
        return try await withThrowingTaskGroup(of: Void.self) { following in
            following.addTask { try await observer.follow(connection, id: created.id, token: created.token) }
            defer { following.cancelAll() }
            // Whoever hears every push hears the first before any step is played: a follower
            // subscribed only after the steps would take the last state alone.
            if each != nil { for await _ in await observer.contentUpdates() { break } }
            try await script.playSteps(of: created, through: connection, ticking: server, clock: clock, clientID: clientID)
            // Wait for the observer to take the server's last state: an event, not a sleep.
            let last = try await connection.activity(id: created.id).version
            for await push in await observer.contentUpdates() where push.version >= last { break }
            guard let taken = await observer.current, taken.version >= last else {
                throw PlaybackError(message: "the observer never took version \(last)")
            }
            return taken
        }
    }

    /// Why a playback could not finish.
    struct PlaybackError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
