import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The clock rules, decided by the server with its injected clock and pushed like any
/// other change.
@Suite("Sync server: clock rules")
struct ServerClockTests {
    /// Waits until the running server's clock sleeps on the deadline again, then moves it. A
    /// task that never sleeps again fails the test here, not by a push missing later.
    func advance(_ harness: SyncHarness, by seconds: Double) async throws {
        try await eventually { harness.clock.sleeperCount > 0 }
        harness.clock.advance(by: seconds)
    }

    @Test("the server completes a session at its target by itself, and pushes the end")
    func completion() async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let created = try await harness.create()
            let stream = try await harness.server.subscribe(to: created.id, token: created.token)
            try await advance(harness, by: 300)
            let pushes = try await collect(2, from: stream)
            #expect(pushes.map(\.version) == [1, 2])
            #expect(pushes.last?.event == .end)
            #expect(pushes.last?.activity.content.outcome == .completed)
            #expect(pushes.last?.activity.content.secondsElapsed == 300)
        }
    }

    @Test("a session left paused is pushed stale after 30 minutes, once")
    func staleness() async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let created = try await harness.create()
            let paused = try await harness.server.send(try request(.pause), to: created.id, token: created.token)
            let stream = try await harness.server.subscribe(to: created.id, token: created.token, after: paused.version)
            try await advance(harness, by: SessionLimits.pausedStaleAfter)
            let pushes = try await collect(1, from: stream)
            #expect(pushes.first?.version == paused.version + 1)
            #expect(pushes.first?.event == .update)
            #expect(pushes.first?.activity.status(at: harness.clock.now()) == .stale)
            await harness.server.tick()
            #expect(try await harness.server.snapshot(of: created.id).version == paused.version + 1)
            let resumed = try await harness.server.send(try request(.resume), to: created.id, token: created.token)
            #expect(resumed.activity.status(at: harness.clock.now()) == .active)
        }
    }

    @Test("going stale is pushed even when its first commit fails, and once only, also after a restart")
    func stalenessAfterFailedCommit() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        let paused = try await harness.server.send(try request(.pause), to: created.id, token: created.token)
        await harness.server.shutdown()
        harness.clock.advance(by: SessionLimits.pausedStaleAfter)
        let restarted = try harness.restarted()
        harness.storage.failNextCommits(1)
        await restarted.server.tick()
        #expect(try await restarted.server.snapshot(of: created.id).version == paused.version)
        await restarted.server.tick()
        let stale = try await restarted.server.snapshot(of: created.id)
        #expect(stale.version == paused.version + 1)
        #expect(stale.event == .update)
        await restarted.server.shutdown()
        let again = try harness.restarted()
        await again.server.tick()
        #expect(try await again.server.snapshot(of: created.id).version == paused.version + 1)
    }

    @Test("an open-ended session ends by itself after 8 hours, then is dismissed 4 hours later")
    func automaticEnd() async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let created = try await harness.create(SessionAttributesMother.makeOpenEnded())
            let stream = try await harness.server.subscribe(to: created.id, token: created.token, after: 1)
            try await advance(harness, by: SessionLimits.maximumActivityDuration)
            try await advance(harness, by: SessionLimits.maximumDismissalDelay)
            let pushes = try await collect(5, from: stream)
            #expect(pushes.map(\.event) == [.end, .dismiss])
            #expect(pushes.first?.activity.content.outcome == .expired)
        }
    }

    @Test("a dismissed activity is left as it is, while a newer one's deadline still comes")
    func dismissedLeftAlone() async throws {
        let harness = try SyncHarness()
        try await harness.server.running {
            let first = try await harness.create()
            let cancelled = try await harness.server.send(try request(.cancel), to: first.id, token: first.token)
            let firstPushes = try await harness.server.subscribe(to: first.id, token: first.token, after: cancelled.version)
            try await advance(harness, by: SessionLimits.maximumDismissalDelay)
            let dismissed = try #require(try await collect(1, from: firstPushes).first)
            #expect(dismissed.event == .dismiss)

            let second = try await harness.create()
            let secondPushes = try await harness.server.subscribe(to: second.id, token: second.token, after: 1)
            try await advance(harness, by: 300)
            #expect(try await collect(1, from: secondPushes).first?.event == .end)
            await harness.server.tick()
            #expect(try await harness.server.snapshot(of: first.id) == dismissed)
        }
    }

    @Test("a server that was down past a deadline catches up at once on restart")
    func catchUpAfterRestart() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        await harness.server.shutdown()
        harness.clock.advance(by: 5 * 3_600)
        let restarted = try harness.restarted()
        await restarted.server.tick()
        let pushes = try await collect(1, from: try await restarted.server.subscribe(to: created.id, token: created.token))
        #expect(pushes.first?.event == .dismiss)
        #expect(pushes.first?.activity.content.outcome == .completed)
        #expect(restarted.storage.records.map(\.snapshot.event) == [.start, .end, .dismiss])
    }
}

/// Durability: answers only after the storage has the change, none lost on restart.
@Suite("Sync server: durability")
struct ServerDurabilityTests {
    @Test("every answered intent is in storage, and a restart restores state and answers")
    func restart() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        let pause = try request(.pause, id: "p")
        let paused = try await harness.server.send(pause, to: created.id, token: created.token)
        #expect(harness.storage.records.last?.snapshot == paused)

        let restarted = try harness.restarted()
        #expect(try await restarted.server.snapshot(of: created.id) == paused)
        _ = try await restarted.server.send(try request(.resume), to: created.id, token: created.token)
        #expect(try await restarted.server.send(pause, to: created.id, token: created.token) == paused)
        await #expect(throws: SyncError.wrongToken) {
            try await restarted.server.send(try request(.pause), to: created.id, token: "x")
        }
    }

    @Test("a failed commit applies nothing, answers an error, and the next intent works")
    func failedCommit() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        harness.storage.failNextCommits(1)
        await #expect(throws: SyncError.storageFailed("no space left on device (injected)")) {
            try await harness.server.send(try request(.pause, id: "p"), to: created.id, token: created.token)
        }
        #expect(try await harness.server.snapshot(of: created.id) == created.state)
        let paused = try await harness.server.send(try request(.pause, id: "p"), to: created.id, token: created.token)
        #expect(paused.version == 2)
    }

    @Test("concurrent intents are grouped into fewer commits, each answered after its commit")
    func groupCommit() async throws {
        let harness = try SyncHarness()
        let created = try await harness.create()
        let commitsBefore = harness.storage.commitCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let intent: Intent = index.isMultiple(of: 2) ? .pause : .resume
                    _ = try await harness.server.send(try request(intent, client: "c\(index)"), to: created.id, token: created.token)
                }
            }
            try await group.waitForAll()
        }
        // Every intent's answer is durable, and they took fewer commits than intents.
        #expect(try await harness.storage.activity(created.id)?.answers.count == 200)
        #expect(harness.storage.commitCount - commitsBefore < 200)
        #expect(try await harness.server.snapshot(of: created.id) == harness.storage.records.last?.snapshot)
    }
}
