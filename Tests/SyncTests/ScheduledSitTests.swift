import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// A sit scheduled for an hour (ADR 0074), alike on every transport: created waiting, begun
/// by the server at its instant with its start bell (a clock rule, like the end), started
/// now or cancelled before, and refused when its hour has passed.
@Suite("Scheduled sits: a sit at an hour", .servedFirst)
struct ScheduledSitTests {
    @Test("the server begins a scheduled sit at its instant by itself, pushing it with its start bell", arguments: Transport.allCases)
    func beginsByItself(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let startsAt = Instant.canonical(harness.clock.now().addingTimeInterval(240))
        let sit = try await connection.createActivity(
            SessionAttributesMother.makeScheduled(startsAt: startsAt, bells: BellProgramMother.makeProgram(warmUpSeconds: 0)),
            showSeconds: true, clientID: "leader", idempotencyKey: nil)
        #expect(sit.state.activity.content.startsAt == startsAt && sit.state.activity.attributes.startsAt == startsAt)
        #expect(sit.state.alert == nil, "no bell before the start")
        let stream = try await connection.events(of: sit.id, token: sit.token, after: nil)
        var pushes = stream.makeAsyncIterator()
        #expect(try await pushes.next()?.version == 1)
        harness.clock.advance(by: 240)
        await harness.server.tick()
        let begun = try #require(try await pushes.next())
        #expect(begun.version == 2 && begun.event == .update && begun.timestamp == startsAt)
        #expect(begun.activity.content.isRunning && begun.activity.lifecycle.startedAt == startsAt)
        #expect(begun.alert?.due == startsAt, "the start bell rings at the instant")
    }

    @Test("before its hour it may be started now or cancelled; finish is refused with 409 and changes nothing", arguments: Transport.allCases)
    func beforeTheHour(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let startsAt = harness.clock.now().addingTimeInterval(600)
        let first = try await harness.create(SessionAttributesMother.makeScheduled(startsAt: startsAt))
        harness.clock.advance(by: 60)
        await #expect(throws: SyncError.self) { try await connection.send(try request(.finish), to: first.id, token: first.token) }
        #expect(try await harness.server.snapshot(of: first.id).version == 1)
        let started = try await connection.send(try request(.resume), to: first.id, token: first.token)
        #expect(started.activity.content.isRunning && started.activity.lifecycle.startedAt == harness.clock.now())
        let second = try await harness.create(SessionAttributesMother.makeScheduled(startsAt: startsAt))
        let cancelled = try await connection.send(try request(.cancel), to: second.id, token: second.token)
        #expect(cancelled.activity.content.outcome == .cancelled && cancelled.event == .end)
    }

    @Test("a creation whose hour has passed is refused with 400 saying so, and nothing is made", arguments: Transport.allCases)
    func pastRefused(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        let past = harness.clock.now().addingTimeInterval(-60)
        let error = await #expect(throws: SyncError.self) {
            try await connection.createActivity(
                SessionAttributesMother.makeScheduled(startsAt: past), showSeconds: true, clientID: "leader", idempotencyKey: nil)
        }
        #expect(error?.httpStatus == 400 && (error?.description.contains("has passed") ?? false), "\(String(describing: error))")
        #expect(try await connection.activities().isEmpty)
    }
}
