import Domain
import Fixtures
import Foundation
import SyncProtocol
import Testing

/// The preview connection replays what a server would push for a script, so an observer
/// following it ends where the Mothers say, and it refuses what it cannot do.
struct PreviewSyncConnectionTests {
    @Test("an observer following a named case ends with the script's activity", arguments: [
        (PreviewSyncConnection.inProgress, SessionScriptMother.makeScript()),
        (PreviewSyncConnection.paused, SessionScriptMother.makeScript(moment: .paused(elapsed: 125))),
        (PreviewSyncConnection.completed, SessionScriptMother.makeScript(moment: .completed(elapsed: 300))),
    ])
    func replay(connection: PreviewSyncConnection, script: SessionScript) async throws {
        let created = try await connection.createActivity(
            script.attributes, showSeconds: true, clientID: "preview", idempotencyKey: nil)
        let observer = ActivityObserver()
        try await observer.follow(connection, id: created.id, token: created.token)
        let taken = try #require(await observer.current)
        #expect(taken.activity == script.activity)
        #expect(connection.pushes.map(\.version) == Array(1...UInt64(connection.pushes.count)))
        #expect(await observer.droppedCount == 0)
        #expect(try await connection.activities().map(\.id) == [PreviewSyncConnection.activityID])
    }

    @Test("the empty case has no activity, and no case takes an intent")
    func refusals() async throws {
        #expect(try await PreviewSyncConnection.empty.activities().isEmpty)
        await #expect(throws: SyncError.self) { try await PreviewSyncConnection.empty.activity(id: PreviewSyncConnection.activityID) }
        let request = try IntentRequest(clientID: "preview", intentID: "1", intent: .pause)
        await #expect(throws: SyncError.self) {
            try await PreviewSyncConnection.inProgress.send(request, to: PreviewSyncConnection.activityID, token: PreviewSyncConnection.token)
        }
    }

    @Test("a script's pushes are its changes: the start, each step that changed it, stamped with the step's instant")
    func pushesOfScripts() {
        let at = { (seconds: Double) in InstantMother.morning.addingTimeInterval(seconds) }
        let running = PreviewSyncConnection(script: SessionScriptMother.makeScript())
        #expect(running.pushes.map(\.event) == [.start, .update, .update])
        #expect(running.pushes.map(\.timestamp) == [at(0), at(125), at(125)])
        let expired = PreviewSyncConnection(script: SessionScriptMother.makeScript(moment: .expired(elapsed: 125)))
        #expect(expired.pushes.map(\.event) == [.start, .update, .end])
        #expect(expired.pushes.map(\.timestamp) == [at(0), at(125), at(125 + SessionLimits.maximumActivityDuration)])
        let started = PreviewSyncConnection(script: SessionScriptMother.makeScript(moment: .justStarted))
        #expect(started.pushes.map(\.event) == [.start])
    }

    @Test("every catalog script replays to the activity the script itself ends with")
    func catalogScripts() {
        for scenario in Catalog.all {
            guard case .pushed(let script) = scenario.provenance else { continue }
            let pushes = PreviewSyncConnection(script: script).pushes
            #expect(pushes.last?.activity == script.activity, "\(scenario.id)")
            #expect(pushes.map(\.version) == Array(1...UInt64(pushes.count)), "\(scenario.id)")
            #expect(zip(pushes, pushes.dropFirst()).allSatisfy { $0.activity != $1.activity }, "\(scenario.id)")
        }
    }

    @Test("the Mother's timeline starts at the start, has an entry per step, and ends with makeActivity's activity")
    func timeline() {
        let steps: [(afterSeconds: Double, intent: Intent?)] = [(125, .pause), (60, nil), (0, .resume), (400, nil)]
        let timeline = ContentStateMother.makeTimeline(steps: steps)
        #expect(timeline.map(\.at) == [0, 125, 185, 185, 585].map { InstantMother.morning.addingTimeInterval($0) })
        #expect(timeline.last?.activity == ContentStateMother.makeActivity(steps: steps))
        #expect(timeline[1].activity == timeline[2].activity)
        #expect(timeline.last?.activity.content.isEnded == true)
    }
}
