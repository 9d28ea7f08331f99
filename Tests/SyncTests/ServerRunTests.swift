import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The server's own work is `run()`, a child of its owner's task (ADR 0070): it sleeps
/// until the next deadline, is woken when one comes earlier, and ends with its task.
@Suite("Sync server: its run")
struct ServerRunTests {
    @Test("a server nobody runs changes nothing by itself; run, it catches up at once")
    func nothingUnlessRun() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        harness.clock.advance(by: 300)
        #expect(harness.clock.sleeperCount == 0, "no task of the server's sleeps on the clock")
        #expect(try await harness.server.snapshot(of: created.id).version == 1)
        try await harness.server.running {
            try await eventually { (try? await harness.server.snapshot(of: created.id).event) == .end }
        }
    }

    @Test("the run ends with its task, and its sleep on the clock with it; it runs once")
    func endsWhenCancelled() async throws {
        let harness = try SyncHarness()
        let server = harness.server
        let run = Task { await server.run() }
        _ = try await harness.create()
        try await eventually { harness.clock.sleeperCount == 1 }
        run.cancel()
        await run.value
        #expect(harness.clock.sleeperCount == 0)
        // It runs once: a second run returns at once, and sleeps on nothing.
        await server.run()
        #expect(harness.clock.sleeperCount == 0)
        // Requests are still answered; the run was the server's own work only.
        #expect(try await harness.create().state.version == 1)
    }

    @Test("the run ends when the server shuts down; a second run meanwhile returns at once")
    func endsAtShutdown() async throws {
        let harness = try SyncHarness()
        let server = harness.server
        let run = Task { await server.run() }
        _ = try await harness.create()
        try await eventually { harness.clock.sleeperCount == 1 }
        await server.run()
        #expect(harness.clock.sleeperCount == 1, "the second run did not sleep beside the first")
        await server.shutdown()
        await run.value
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("a deadline that comes earlier wakes the sleeping clock, which then sleeps until it")
    func earlierDeadlineWakes() async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let openEnded = try await harness.create(SessionAttributesMother.makeOpenEnded())
            try await eventually { harness.clock.sleeperCount == 1 }
            let short = try await harness.create(SessionAttributesMother.makeAttributes(plannedSeconds: 60))
            let pushes = try await harness.server.subscribe(to: short.id, token: short.token, after: 1)
            // The clock slept until the open-ended session's end, 8 hours away; the short
            // one's target, a minute away, woke it.
            harness.clock.advance(by: 60)
            #expect(try await collect(1, from: pushes).first?.event == .end)
            #expect(try await harness.server.snapshot(of: openEnded.id).version == 1)
        }
    }
}
