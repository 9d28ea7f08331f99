import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// Presence (ADR 0073): how many people sit a group sit, counted by the server from the
/// streams of its channel, pushed as part of the state at most twice a second.
@Suite("Presence: how many sit a group sit", .servedFirst)
struct PresenceTests {
    @Test("one person on several surfaces counts once; a stream that says nobody counts as a person of its own", arguments: Transport.allCases)
    func distinctPeople(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        #expect(sit.state.activity.content.sitting == 1, "the leader sits it from the start")
        let code = try #require(sit.joinCode)
        let ana = try #require(Sitter("ana-s-folder"))
        let ben = try #require(Sitter("ben-s-folder"))
        let anaTimer = try await connection.follow(code, as: ana, after: nil)
        let anaNotification = try await connection.follow(code, as: ana, after: nil)
        let benTimer = try await connection.follow(code, as: ben, after: nil)
        let someone = try await connection.follow(code, after: nil)
        let four = try await harness.counted(sit.id, sitting: 4)
        #expect(four.activity.content.mostSitting == 4 && four.event == .update)
        // Ana closing one surface is still Ana sitting.
        let anaLeaving = Task { for try await _ in anaTimer {} }
        anaLeaving.cancel()
        _ = await anaLeaving.result
        harness.clock.advance(by: 2)
        await harness.server.tick()
        try await eventually { await harness.server.subscriberCount(of: sit.id) == 3 }
        harness.clock.advance(by: 2)
        await harness.server.tick()
        #expect(try await harness.server.snapshot(of: sit.id).activity.content.sitting == 4)
        withExtendedLifetime((anaNotification, benTimer, someone)) {}
    }

    @Test("a join storm is counted twice a second at most, not once a join")
    func coalesced() async throws {
        let harness = try SyncHarness()
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.followCode)
        var streams: [AsyncStream<ActivitySnapshot>] = []
        for person in 0..<200 { streams.append(try await harness.server.follow(sit.id, code: code, as: Sitter("p\(person)"))) }
        await harness.server.tick()
        let first = try await harness.server.snapshot(of: sit.id)
        #expect(first.version == 2 && first.activity.content.sitting == 201)
        // More join within the half second: nothing is pushed for them until it has passed.
        for person in 200..<300 { streams.append(try await harness.server.follow(sit.id, code: code, as: Sitter("p\(person)"))) }
        harness.clock.advance(by: 0.25)
        await harness.server.tick()
        #expect(try await harness.server.snapshot(of: sit.id).version == 2)
        harness.clock.advance(by: 0.25)
        await harness.server.tick()
        let second = try await harness.server.snapshot(of: sit.id)
        #expect(second.version == 3 && second.activity.content.sitting == 301)
        withExtendedLifetime(streams) {}
    }

    @Test("the count is frozen at the end: every summary says how many sat with the leader at most")
    func satWith() async throws {
        let harness = try SyncHarness()
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.followCode)
        var streams = [try await harness.server.follow(sit.id, code: code, as: Sitter("a")), try await harness.server.follow(sit.id, code: code, as: Sitter("b"))]
        _ = try await harness.counted(sit.id, sitting: 3)
        harness.clock.advance(by: 5)
        streams.removeLast()
        _ = try await harness.counted(sit.id, sitting: 2)
        let finished = try await harness.server.send(try request(.finish), to: sit.id, token: sit.token)
        #expect(finished.activity.content.sitting == 2 && finished.activity.content.mostSitting == 3)
        streams.removeAll()
        harness.clock.advance(by: 2)
        await harness.server.tick()
        #expect(try await harness.server.snapshot(of: sit.id) == finished, "a leave after the end changes nothing")
    }

    @Test("a sit alone is never counted, and its state says nothing of anyone")
    func alone() async throws {
        let harness = try SyncHarness()
        let alone = try await harness.create()
        #expect(alone.state.activity.content.sitting == 0)
        let json = String(decoding: try JSONEncoder().encode(alone.state.activity.content), as: UTF8.self)
        #expect(!json.contains("sitting"))
    }

    @Test("a Sitter header that is no sitter's id is refused with 400, and nothing is opened")
    func badSitter() async throws {
        let harness = try SyncHarness()
        let sit = try await harness.create(SessionAttributesMother.makeGroupSit())
        let code = try #require(sit.joinCode)
        let base = try await RunningHTTPServer.start(harness.server).baseURL
        for bad in ["", String(repeating: "a", count: 65), "ana's folder", "a/b"] {
            let reply = try await RawHTTP.send(
                "GET", "\(base)/v1/channels/\(code.id)/events", headers: [("Join-Code", code.secret), ("Sitter", bad)])
            #expect(reply.status == 400, "\(bad): \(reply.status)")
            #expect((reply.json["message"] as? String ?? "").contains("Sitter"), "\(reply.body)")
        }
        #expect(await harness.server.subscriberCount(of: sit.id) == 0)
        #expect(try await harness.server.snapshot(of: sit.id).activity.content.sitting == 1)
    }
}
