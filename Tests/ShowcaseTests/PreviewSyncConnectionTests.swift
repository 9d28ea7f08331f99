import Domain
import Fixtures
import Sync
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
        let created = try await connection.createActivity(script.attributes, showSeconds: true, clientID: "preview")
        let observer = ActivityObserver()
        try await observer.follow(connection.events(of: created.id, token: created.token, after: nil))
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
}
