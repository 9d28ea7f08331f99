import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// A group sit's channel (ADR 0072), alike on every transport: a join code that follows
/// and does nothing else, its revocation, and its end with the sit.
@Suite("Group sits: one sit, many followers", .servedFirst)
struct GroupSitTests {
    @Test("a group sit's creation answers a join code of 130 random bits; a sit alone has none", arguments: Transport.allCases)
    func joinCode(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let group = try await connection.createActivity(
            SessionAttributesMother.makeGroupSit(), showSeconds: true, clientID: "leader", idempotencyKey: nil)
        let code = try #require(group.joinCode)
        #expect(code.secret.count == 26 && code.secret.allSatisfy { "0123456789abcdefghjkmnpqrstvwxyz".contains($0) })
        #expect(JoinCode(code.description) == code)
        #expect(code.secret != group.token)
        #expect(group.state.activity.attributes.isGroup)
        let another = try await connection.createActivity(
            SessionAttributesMother.makeGroupSit(), showSeconds: true, clientID: "leader", idempotencyKey: nil)
        #expect(another.followCode != group.followCode)
        let alone = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "leader", idempotencyKey: nil)
        #expect(alone.followCode == nil && alone.joinCode == nil)
    }

    @Test("a follower joining late gets the newest state at once, then every push of the leader's", arguments: Transport.allCases)
    func follow(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        harness.clock.advance(by: 60)
        let paused = try await connection.send(try request(.pause), to: sit.id, token: sit.token)
        let stream = try await connection.follow(try #require(sit.joinCode), after: nil)
        var pushes = stream.makeAsyncIterator()
        #expect(try await pushes.next() == paused)
        // The follower is counted: the leader and one more sit it (ADR 0073).
        let counted = try await harness.counted(sit.id, sitting: 2)
        #expect(try await pushes.next() == counted)
        let resumed = try await connection.send(try request(.resume), to: sit.id, token: sit.token)
        #expect(try await pushes.next() == resumed)
    }

    @Test("a channel that keeps nothing gives a late follower no state until its next push; the leader's own stream still has it", arguments: Transport.allCases)
    func keepsNothing(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit(channelStorage: .nothing))
        #expect(sit.state.activity.attributes.channelStorage == .nothing)
        harness.clock.advance(by: 60)
        let paused = try await connection.send(try request(.pause), to: sit.id, token: sit.token)
        var own = try await connection.events(of: sit.id, token: sit.token, after: nil).makeAsyncIterator()
        #expect(try await own.next() == paused)
        let ana = try #require(Sitter("ana-s-folder"))
        let stream = try await connection.follow(try #require(sit.joinCode), as: ana, after: nil)
        var pushes = stream.makeAsyncIterator()
        // Her own arrival, counted, is the next push: the paused state before it never comes.
        let counted = try await harness.counted(sit.id, sitting: 2)
        #expect(try await pushes.next() == counted)
        let resumed = try await connection.send(try request(.resume), to: sit.id, token: sit.token)
        #expect(try await pushes.next() == resumed)
        // Nor is a stream she opens again given what it missed: only what comes after.
        let again = try await connection.follow(try #require(sit.joinCode), as: ana, after: counted.version)
        var later = again.makeAsyncIterator()
        let finished = try await connection.send(try request(.finish), to: sit.id, token: sit.token)
        #expect(try await later.next() == finished)
    }

    @Test("a follower's code sends no intent: 403 follower_only, and nothing changes", arguments: Transport.allCases)
    func followerOnly(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.joinCode)
        for intent in [Intent.pause, .finish, .cancel, .revokeCode, .adjustTarget(bySeconds: 60)] {
            await #expect(throws: SyncError.followerOnly) {
                try await connection.send(try request(intent), to: sit.id, token: code.secret)
            }
        }
        #expect(SyncError.followerOnly.httpStatus == 403)
        #expect(try await harness.server.snapshot(of: sit.id) == sit.state)
    }

    @Test("a wrong code, a sit alone's id or an unknown one opens no channel", arguments: Transport.allCases)
    func wrongCodes(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let alone = try await harness.create()
        let secret = try #require(sit.followCode)
        await #expect(throws: SyncError.wrongToken) {
            try await connection.follow(JoinCode(id: sit.id, secret: "not-the-code"), after: nil)
        }
        // The leader's token is not a join code either: a channel is followed with its code.
        await #expect(throws: SyncError.wrongToken) {
            try await connection.follow(JoinCode(id: sit.id, secret: sit.token), after: nil)
        }
        await #expect(throws: SyncError.wrongToken) {
            try await connection.follow(JoinCode(id: alone.id, secret: secret), after: nil)
        }
        await #expect(throws: SyncError.notFound(id: "missing")) {
            try await connection.follow(JoinCode(id: "missing", secret: secret), after: nil)
        }
    }

    @Test("the leader's revocation reaches followers, ends their streams and closes the code; the sit goes on", arguments: Transport.allCases)
    func revocation(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.joinCode)
        let stream = try await connection.follow(code, after: nil)
        _ = try await harness.counted(sit.id, sitting: 2)
        harness.clock.advance(by: 30)
        let revoked = try await connection.send(try request(.revokeCode), to: sit.id, token: sit.token)
        #expect(revoked.version == 3 && revoked.event == .update)
        #expect(revoked.activity.lifecycle.codeRevokedAt != nil)
        #expect(!revoked.activity.isFollowable(at: harness.clock.now()))
        // Everything until the end of the stream: the start, the count, then the revocation,
        // then no more.
        var seen: [ActivitySnapshot] = []
        for try await push in stream { seen.append(push) }
        #expect(seen.map(\.version) == [1, 2, 3])
        await #expect(throws: SyncError.channelClosed(revoked: true)) { try await connection.follow(code, after: nil) }
        // The follower let go no longer sits it.
        let alone = try await harness.counted(sit.id, sitting: 1)
        // Again changes nothing; the leader's sit goes on.
        #expect(try await connection.send(try request(.revokeCode), to: sit.id, token: sit.token) == alone)
        let paused = try await connection.send(try request(.pause), to: sit.id, token: sit.token)
        #expect(paused.activity.content.isPaused && paused.activity.lifecycle.codeRevokedAt == revoked.activity.lifecycle.codeRevokedAt)
    }

    @Test("a sit alone has no code to revoke: 409 not_a_group, nothing changes", arguments: Transport.allCases)
    func notAGroup(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let alone = try await harness.create()
        do {
            _ = try await connection.send(try request(.revokeCode), to: alone.id, token: alone.token)
            Issue.record("a sit alone's code was revoked")
        } catch let SyncError.refused(code, message, current) {
            #expect(code == "not_a_group" && message.contains("--group"))
            #expect(current == alone.state)
        }
    }

    @Test("the code closes with the sit's dismissal, and a follower's stream ends there", arguments: Transport.allCases)
    func closesAtDismissal(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.joinCode)
        let finished = try await connection.send(try request(.finish), to: sit.id, token: sit.token)
        // Ended but not yet dismissed: a late follower still sees how it ended.
        let late = try await connection.follow(code, after: nil)
        var pushes = late.makeAsyncIterator()
        #expect(try await pushes.next() == finished)
        harness.clock.advance(by: try #require(finished.activity.lifecycle.dismissalDate).timeIntervalSince(harness.clock.now()) + 1)
        await harness.server.tick()
        #expect(try await pushes.next()?.event == .dismiss)
        #expect(try await pushes.next() == nil)
        await #expect(throws: SyncError.channelClosed(revoked: false)) { try await connection.follow(code, after: nil) }
    }

    @Test("the code outlives a restart, and a retried creation answers it again")
    func durable() async throws {
        let harness = try SyncHarness()
        let key = IdempotencyKey.random()
        let sit = try await harness.server.create(SessionAttributesMother.makeGroupSit(), clientID: "leader", idempotencyKey: key)
        let restarted = try harness.restarted()
        let retried = try await restarted.server.create(SessionAttributesMother.makeGroupSit(), clientID: "leader", idempotencyKey: key)
        #expect(retried.isReplay && retried.followCode == sit.followCode)
        let stream = try await restarted.server.follow(sit.id, code: try #require(sit.followCode))
        var pushes = stream.makeAsyncIterator()
        #expect(await pushes.next() == sit.state)
        // A shared store keeps the code's digest only, as it keeps the token's.
        let shared = try #require(try await restarted.storage.activity(sit.id)).sharedForm
        let secret = try #require(sit.followCode)
        #expect(shared.followCode?.plain == nil && shared.followCode?.admits(secret) == true)
    }
}
