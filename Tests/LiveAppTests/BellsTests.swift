import Domain
import Fixtures
@testable import LiveApp
import Sync
import Testing

/// The owner's bells: the end is rung once, a cancelled session is not. (The end's
/// desktop notification is the session's own, tested in NotificationKeepingTests.)
@Suite("Bells")
struct BellsTests {
    /// The pushes of a real server for a five-minute session: running, then ended `how`.
    func session(ending how: Intent) async throws -> (running: ActivitySnapshot, ended: ActivitySnapshot) {
        let clock = PreviewClock()
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let created = try await server.create(SessionAttributesMother.makeAttributes(name: "Morning sit", plannedSeconds: 300))
        clock.advance(by: 125)
        let ended = try await server.send(try IntentRequest(clientID: "t", intentID: "1", intent: how), to: created.id, token: created.token)
        return (created.state, ended)
    }

    @Test("the end rings once; a cancelled session rings nothing")
    func endRungOnce() async throws {
        let rings = Counter()
        var bells = Bells(settings: .standard) { rings.add() }
        let (running, ended) = try await session(ending: .finish)
        bells.observe(running, at: running.timestamp)
        bells.observe(ended, at: ended.timestamp)
        bells.observe(ended, at: ended.timestamp)
        #expect(rings.value == 1)
        var cancelled = Bells(settings: .standard) { rings.add() }
        cancelled.observe(try await session(ending: .cancel).ended, at: InstantMother.morning)
        #expect(rings.value == 1)
    }

    /// How many times something happened.
    final class Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }
}
