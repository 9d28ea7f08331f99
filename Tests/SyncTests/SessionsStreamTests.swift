import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The sessions stream (`GET /v1/sessions/events`, ``SyncConnection/sessions()``): what a
/// status bar with no session waits on. It starts with each session not yet dismissed, then
/// carries every push of each, and new sessions from their start, with no polling; on a
/// server that requires keys, only the key's own sessions.
@Suite("The sessions stream", .servedFirst)
struct SessionsStreamTests {
    @Test("it starts with each live session, then carries every push and each new session from its start", arguments: Transport.allCases)
    func startsAndFollows(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let first = try await harness.create()
        var sessions = try await connection.sessions().makeAsyncIterator()
        #expect(try await sessions.next() == first.state)

        harness.clock.advance(by: 60)
        let paused = try await connection.send(try request(.pause), to: first.id, token: first.token)
        #expect(try await sessions.next() == paused)

        // Started after the stream opened: it comes by itself, from its start.
        let second = try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: false, clientID: "client-b", idempotencyKey: nil)
        #expect(try await sessions.next() == second.state)
        let ended = try await connection.send(try request(.cancel), to: second.id, token: second.token)
        #expect(try await sessions.next() == ended)
        #expect(ended.event == .end)
    }

    @Test("a session dismissed before the stream opens is not in it; one ended but not dismissed is", arguments: Transport.allCases)
    func onlyUndismissed(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let gone = try await harness.create()
        let finished = try await connection.send(try request(.finish), to: gone.id, token: gone.token)
        let dismissal = try #require(finished.nextRuleDeadline)
        harness.clock.advance(by: dismissal.timeIntervalSince(harness.clock.now()) + 1)
        await harness.server.tick()
        #expect(try await harness.server.snapshot(of: gone.id).event == .dismiss)

        let kept = try await harness.create()
        let keptEnded = try await connection.send(try request(.finish), to: kept.id, token: kept.token)
        var sessions = try await connection.sessions().makeAsyncIterator()
        #expect(try await sessions.next() == keptEnded)
        // The next thing it carries is the next change, not the dismissed session.
        let third = try await harness.create()
        #expect(try await sessions.next() == third.state)
    }

    @Test("several streams at once each get every change once, in version order")
    func severalInOrder() async throws {
        let harness = try SyncHarness()
        let connection = InProcessConnection(server: harness.server)
        let created = try await harness.create()
        let streams = [try await connection.sessions(), try await connection.sessions()]
        for step in 0..<6 {
            harness.clock.advance(by: 5)
            _ = try await connection.send(try request(step.isMultiple(of: 2) ? .pause : .resume), to: created.id, token: created.token)
        }
        for stream in streams {
            let versions = try await collect(7, from: stream).map(\.version)
            #expect(versions == Array(1...7))
        }
    }

    @Test("a closed stream gives its place back on the server")
    func closing() async throws {
        let harness = try SyncHarness()
        let connection = InProcessConnection(server: harness.server)
        var stream: AsyncThrowingStream<ActivitySnapshot, any Error>? = try await connection.sessions()
        #expect(await harness.server.sessionsSubscriberCount == 1)
        stream = nil
        _ = stream
        try await eventually { await harness.server.sessionsSubscriberCount == 0 }
    }
}
