import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// Bells as the server rings them: timed changes at instants of time sat, pushed with an
/// alert, moved by pauses, each rung once, over both transports and among servers sharing
/// one storage.
@Suite("Sync server: bells", .timeLimit(.minutes(1)), .servedFirst)
struct BellPushTests {
    /// Waits until the server's deadline task sleeps on the clock again, then moves it to
    /// `seconds` after `start`.
    func advance(_ clock: PreviewClock, to seconds: Double, after start: Date) async throws {
        try await eventually { clock.sleeperCount > 0 }
        clock.advance(by: seconds - clock.now().timeIntervalSince(start))
    }

    @Test(
        "`start 3m --warm-up 10s --bells 1m`: the start bell after the warm-up, bells at 1:00 and 2:00 of time sat (a pause moves them), three strikes at the end",
        arguments: Transport.allCases)
    func doneWhen(transport: Transport) async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let connection = try await transport.connect(to: harness)
            let created = try await connection.createActivity(
                BellProgramMother.makeAttributes(), showSeconds: true, clientID: "owner", idempotencyKey: nil)
            let start = created.state.timestamp
            #expect(created.state.alert == nil, "the start bell waits for the warm-up")
            let stream = try await connection.events(of: created.id, token: created.token, after: created.state.version)
            var pushes = stream.makeAsyncIterator()

            try await advance(harness.clock, to: 10, after: start)
            #expect(created.state.activity.attributes.bells == BellProgramMother.makeWarmUpSit(), "the bells went with the creation")
            let started = try #require(try await pushes.next())
            #expect(started.alert?.kind == .start)
            #expect(started.alert?.due == start.addingTimeInterval(10))

            try await advance(harness.clock, to: 70, after: start)
            let first = try #require(try await pushes.next())
            #expect(first.alert?.summary == "bell 1 of 2")
            #expect(first.activity.content.elapsed(at: harness.clock.now()) == 60)

            // Paused at 1:30 of time sat for a minute: the second bell rings at 2:00 sat, 3:10 in.
            try await advance(harness.clock, to: 100, after: start)
            _ = try await connection.send(try request(.pause), to: created.id, token: created.token)
            try await advance(harness.clock, to: 160, after: start)
            _ = try await connection.send(try request(.resume), to: created.id, token: created.token)
            #expect(try await pushes.next()?.activity.content.isPaused == true)
            #expect(try await pushes.next()?.activity.content.isPaused == false)
            try await advance(harness.clock, to: 190, after: start)
            let second = try #require(try await pushes.next())
            #expect(second.alert?.summary == "bell 2 of 2")
            #expect(second.alert?.due == start.addingTimeInterval(190))

            try await advance(harness.clock, to: 250, after: start)
            let end = try #require(try await pushes.next())
            #expect(end.event == .end)
            #expect(end.alert?.kind == .end)
            #expect(end.alert?.strikes == 3)
            #expect(end.activity.content.secondsElapsed == 180, "the warm-up and the pause are not sat")
            #expect(end.version == created.state.version + 6, "each bell one version: start, 1, pause, resume, 2, end")
        }
    }

    @Test("two servers on one storage both wake for each bell; each is rung once")
    func onceAmongServers() async throws {
        let storage = PreviewSyncStorage()
        let clock = PreviewClock()
        let first = SyncServer(storage: storage, clock: clock)
        let second = SyncServer(storage: storage, clock: clock)
        let created = try await first.create(BellProgramMother.makeAttributes(BellProgramMother.makeProgram()))
        for seconds in [60.0, 120, 180] {
            clock.advance(by: seconds - clock.now().timeIntervalSince(created.state.timestamp))
            async let one: Void = first.tick()
            async let two: Void = second.tick()
            _ = await (one, two)
        }
        let history = storage.records.map(\.snapshot).filter { $0.id == created.id }
        #expect(history.compactMap(\.alert).map(\.summary) == ["start bell", "bell 1 of 2", "bell 2 of 2", "end bell"])
        #expect(history.map(\.version) == [1, 2, 3, 4], "one version each: none rung twice")
    }

    @Test("the wire carries the bell beside an APNs-shaped alert, and reads it back")
    func wire() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create(BellProgramMother.makeAttributes(BellProgramMother.makeProgram()))
        let payload = PushPayload(created.state)
        #expect(payload.bell?.kind == .start)
        #expect(payload.aps.alert?.title == "Start bell")
        let decoded = try JSONDecoder().decode(PushPayload.self, from: JSONEncoder().encode(payload))
        #expect(decoded.snapshot == created.state)
    }
}
