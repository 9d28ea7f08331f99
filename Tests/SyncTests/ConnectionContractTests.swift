import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// What every transport must do alike: the same requests, the same answers.
@Suite("Sync connection contract", .servedFirst)
struct ConnectionContractTests {
    @Test("creating answers id, token and the first state; it is listed and readable", arguments: Transport.allCases)
    func create(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "client-a", idempotencyKey: nil)
        #expect(created.token.count >= 32)
        #expect(created.state.version == 1)
        #expect(created.state.event == .start)
        #expect(created.state.activity.content.isRunning)
        #expect(try await connection.activity(id: created.id) == created.state)
        let listed = try await connection.activities()
        #expect(listed.map(\.id) == [created.id])
        #expect(listed.first?.status == .active)
    }

    @Test("a creation retried with its key answers that activity as it is now; other attributes are refused", arguments: Transport.allCases)
    func keyedCreation(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let attributes = SessionAttributesMother.makeAttributes()
        let key = IdempotencyKey.random()
        let created = try await connection.createActivity(attributes, showSeconds: true, clientID: "client-a", idempotencyKey: key)
        #expect(!created.isReplay)
        let paused = try await connection.send(try request(.pause), to: created.id, token: created.token)
        let retried = try await connection.createActivity(attributes, showSeconds: true, clientID: "client-a", idempotencyKey: key)
        #expect(retried == CreatedActivity(id: created.id, token: created.token, state: paused, isReplay: true))
        await #expect(throws: SyncError.idempotencyKeyReused) {
            try await connection.createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "client-a", idempotencyKey: key)
        }
        #expect(try await connection.activities().map(\.id) == [created.id])
        // Another key, or none, is another activity.
        let other = try await connection.createActivity(
            attributes, showSeconds: true, clientID: "client-a", idempotencyKey: .random())
        let unkeyed = try await connection.createActivity(attributes, showSeconds: true, clientID: "client-a", idempotencyKey: nil)
        #expect(Set([created.id, other.id, unkeyed.id]).count == 3)
        #expect(!other.isReplay && !unkeyed.isReplay)
        #expect(try await connection.activities().count == 3)
    }

    @Test("intents move the version by one and answer the state; no-ops change nothing", arguments: Transport.allCases)
    func intents(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        harness.clock.advance(by: 125)
        let paused = try await connection.send(try request(.pause), to: created.id, token: created.token)
        #expect(paused.version == 2)
        #expect(paused.event == .update)
        #expect(paused.activity.content.isPaused)
        #expect(paused.activity.content.secondsElapsed == 125)
        let again = try await connection.send(try request(.pause), to: created.id, token: created.token)
        #expect(again == paused)
        harness.clock.advance(by: 10)
        let resumed = try await connection.send(try request(.resume), to: created.id, token: created.token)
        #expect(resumed.version == 3)
        let finished = try await connection.send(try request(.finish), to: created.id, token: created.token)
        #expect(finished.version == 4)
        #expect(finished.event == .end)
        #expect(finished.activity.content.outcome == .finishedEarly)
    }

    @Test("the rules' refusal is a conflict with the current state; nothing changes", arguments: Transport.allCases)
    func refusal(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create(SessionAttributesMother.makeOpenEnded())
        await #expect(throws: SyncError.refused(
            code: "open_ended", message: TransitionError.openEnded.description, current: created.state)
        ) {
            try await connection.send(try request(.adjustTarget(bySeconds: 60)), to: created.id, token: created.token)
        }
        #expect(try await connection.activity(id: created.id) == created.state)
    }

    @Test("a stale expected version applies nothing and says so", arguments: Transport.allCases)
    func staleVersion(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        let paused = try await connection.send(try request(.pause, expected: 1), to: created.id, token: created.token)
        await #expect(throws: SyncError.staleVersion(expected: 1, current: paused)) {
            try await connection.send(try request(.resume, expected: 1), to: created.id, token: created.token)
        }
        #expect(try await connection.activity(id: created.id) == paused)
    }

    @Test("a retried intent gets its first answer, even after the state moved on", arguments: Transport.allCases)
    func idempotency(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        let pause = try request(.pause, id: "intent-1")
        let first = try await connection.send(pause, to: created.id, token: created.token)
        _ = try await connection.send(try request(.resume), to: created.id, token: created.token)
        let retried = try await connection.send(pause, to: created.id, token: created.token)
        #expect(retried == first)
        #expect(try await connection.activity(id: created.id).version == 3)
        // The same intent id from another client is another intent.
        let other = try await connection.send(try request(.pause, client: "client-b", id: "intent-1"), to: created.id, token: created.token)
        #expect(other.version == 4)
    }

    @Test("no token, a wrong token and an unknown id are told apart", arguments: Transport.allCases)
    func authorisation(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        await #expect(throws: SyncError.missingToken) {
            try await connection.send(try request(.pause), to: created.id, token: "")
        }
        await #expect(throws: SyncError.wrongToken) {
            try await connection.send(try request(.pause), to: created.id, token: String(repeating: "0", count: 64))
        }
        await #expect(throws: SyncError.notFound(id: "nope")) {
            try await connection.send(try request(.pause), to: "nope", token: created.token)
        }
        await #expect(throws: SyncError.wrongToken) {
            _ = try await connection.events(of: created.id, token: "wrong", after: nil)
        }
        #expect(try await connection.activity(id: created.id) == created.state)
    }

    @Test("events: the current state first, then each change; Last-Event-ID skips what is known", arguments: Transport.allCases)
    func events(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == created.state)
        let paused = try await connection.send(try request(.pause), to: created.id, token: created.token)
        #expect(try await iterator.next() == paused)

        let resumed = try await connection.send(try request(.resume), to: created.id, token: created.token)
        let known = try await connection.events(of: created.id, token: created.token, after: resumed.version)
        var knownIterator = known.makeAsyncIterator()
        let finished = try await connection.send(try request(.finish), to: created.id, token: created.token)
        #expect(try await knownIterator.next() == finished)
        let older = try await connection.events(of: created.id, token: created.token, after: 1)
        #expect(try await collect(1, from: older) == [finished])
    }

    @Test("after the end, the stream goes on to the dismissal and stops", arguments: Transport.allCases)
    func dismissal(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let created = try await harness.create()
        let ended = try await connection.send(try request(.cancel), to: created.id, token: created.token)
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        harness.clock.advance(by: SessionLimits.maximumDismissalDelay)
        await harness.server.tick()
        let all = try await collect(10, from: stream)
        #expect(all.map(\.version) == [ended.version, ended.version + 1])
        #expect(all.last?.event == .dismiss)
        #expect(try await connection.activities().first?.status == .dismissed)
    }
}
