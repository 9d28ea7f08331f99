import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncAuthority
import SyncProtocol

extension SessionScript {
    /// Plays the script on `server` as a client would: ``start(on:clientID:)``, then
    /// ``playSteps(of:on:clock:clientID:)``. `clock` should stand at ``start``; it is left
    /// at ``lastStepAt``. Answers the session the script made (its id and token there).
    public func play(on server: SyncServer, clock: PreviewClock, clientID: String = "script") async throws -> CreatedActivity {
        let created = try await start(on: server, clientID: clientID)
        try await playSteps(of: created, on: server, clock: clock, clientID: clientID)
        return created
    }

    /// Creates the script's session on `server`, at the server clock's instant.
    public func start(on server: SyncServer, clientID: String = "script") async throws -> CreatedActivity {
        try await server.create(attributes, showSeconds: showSeconds, clientID: clientID)
    }

    /// Plays the steps on the session `created`: for each, moves `clock` on by the step's
    /// seconds, lets the server's clock rules run, and sends the step's intent. Nothing is
    /// decided here: what each intent and each deadline does is the server's answer, so a
    /// preview played this way holds what the live server would hold.
    public func playSteps(
        of created: CreatedActivity, on server: SyncServer, clock: PreviewClock, clientID: String = "script"
    ) async throws {
        try await playSteps(
            of: created, through: InProcessConnection(server: server), ticking: server, clock: clock, clientID: clientID)
    }

    /// ``playSteps(of:on:clock:clientID:)`` with each intent sent through `connection` (the
    /// server over HTTP, say), the clock rules of `server` run at each step's instant.
    public func playSteps(
        of created: CreatedActivity, through connection: any SyncConnection, ticking server: SyncServer, clock: PreviewClock,
        clientID: String = "script"
    ) async throws {
        // The followers join at the start, each a person of their own, and stay to the
        // last step; the server counts them at its next clock run (ADR 0073). Each has
        // joined once its channel gave it the newest state: over HTTP the stream's head
        // comes before that, and a count taken then could miss them.
        var following: [AsyncThrowingStream<ActivitySnapshot, any Error>.AsyncIterator] = []
        if followers > 0, let code = created.joinCode {
            for person in 0..<followers {
                var joined = try await connection.follow(code, as: Sitter("sitter-\(person)"), after: nil).makeAsyncIterator()
                _ = try await joined.next()
                following.append(joined)
            }
        }
        // The count after the first one waits for the presence spacing: it is let come
        // before the first step, out of that step's time, so that a sit ended there is
        // counted with all of them first.
        let settle = following.isEmpty ? 0 : min(SyncServer.presenceSpacing, steps.first?.afterSeconds ?? 0)
        if !following.isEmpty {
            clock.advance(by: settle)
            await server.tick()
        }
        for (index, step) in steps.enumerated() {
            clock.advance(by: step.afterSeconds - (index == 0 ? settle : 0))
            await server.tick()
            guard let intent = step.intent else { continue }
            let request = try IntentRequest(clientID: clientID, intentID: "\(clientID)-step-\(index + 1)", intent: intent)
            _ = try await connection.send(request, to: created.id, token: created.token)
        }
        withExtendedLifetime(following) {}
    }
}
