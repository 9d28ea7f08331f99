import Domain
import Fixtures
import Foundation
import Logging
import ServiceLifecycle
import SyncAuthority
import SyncClient
import SyncHTTP
import SyncProtocol

/// A scripted session played over the real transport: the real ``SyncServer`` on a preview
/// storage and clock, served over HTTP on 127.0.0.1 by ``SyncHTTPServer``, the session
/// created and every intent sent through ``HTTPSyncConnection``, and an
/// ``ActivityObserver`` following its server-sent events. Only the clock is the script's.
enum HTTPPlayback {
    /// The push the observer holds once every step is played and its event has arrived.
    static func play(_ script: SessionScript) async throws -> ActivitySnapshot {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let quiet = Logger(label: "consistency", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, announce) = AsyncStream.makeStream(of: Int.self)
        let http = SyncHTTPServer(server: server, port: 0, logger: quiet)
        let group = ServiceGroup(services: http.makeServices { announce.yield($0) }, logger: quiet)
        return try await withThrowingTaskGroup(of: ActivitySnapshot?.self) { tasks in
            tasks.addTask {
                try await group.run()
                return nil
            }
            var listening = ports.makeAsyncIterator()
            guard let port = await listening.next() else { throw LivePlayback.PlaybackError(message: "the server never listened") }
            do {
                let taken = try await play(script, through: HTTPSyncConnection(baseURL: "http://127.0.0.1:\(port)"), server, clock)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return taken
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }

    private static func play(
        _ script: SessionScript, through connection: HTTPSyncConnection, _ server: SyncServer, _ clock: PreviewClock
    ) async throws -> ActivitySnapshot {
        let clientID = "consistency-http"
        let created = try await connection.createActivity(
            script.attributes, showSeconds: script.showSeconds, clientID: clientID, idempotencyKey: .random())
        let observer = ActivityObserver()
        return try await withThrowingTaskGroup(of: Void.self) { following in
            following.addTask { try await observer.follow(connection, id: created.id, token: created.token) }
            for (index, step) in script.steps.enumerated() {
                clock.advance(by: step.afterSeconds)
                await server.tick()
                guard let intent = step.intent else { continue }
                let request = try IntentRequest(clientID: clientID, intentID: "\(clientID)-step-\(index + 1)", intent: intent)
                _ = try await connection.send(request, to: created.id, token: created.token)
            }
            // Wait for the observer to take the server's last state from the stream: an
            // event, not a sleep.
            let last = try await connection.activity(id: created.id).version
            for await push in await observer.contentUpdates() where push.version >= last { break }
            following.cancelAll()
            guard let taken = await observer.current, taken.version >= last else {
                throw LivePlayback.PlaybackError(message: "the observer never took version \(last) over HTTP")
            }
            return taken
        }
    }
}
