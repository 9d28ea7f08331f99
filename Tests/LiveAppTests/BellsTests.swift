import Domain
import Fixtures
@testable import LiveApp
import Sync
import Testing

/// The owner's bells, on a preview notifier: the end is rung once and notified once when
/// the settings ask for it, a cancelled session is not, and the interval bell rings at
/// each new interval sat.
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

    @Test("the end rings and is notified once, with the name and the time sat")
    func endNotifiedOnce() async throws {
        var settings = Settings.standard
        settings.desktopNotification = true
        let notifier = PreviewDesktopNotifier()
        let rings = Counter()
        var bells = Bells(settings: settings, notifier: notifier) { rings.add() }
        let (running, ended) = try await session(ending: .finish)
        bells.observe(running, at: running.timestamp)
        bells.observe(ended, at: ended.timestamp)
        bells.observe(ended, at: ended.timestamp)
        #expect(notifier.notifications == [.init(title: "Little Moments", body: "Morning sit · 2:05 · done")])
        #expect(rings.value == 1)
    }

    @Test("a cancelled session rings nothing and notifies nothing; notifications off, none")
    func quietEnds() async throws {
        var settings = Settings.standard
        settings.desktopNotification = true
        let notifier = PreviewDesktopNotifier()
        var cancelled = Bells(settings: settings, notifier: notifier) {}
        cancelled.observe(try await session(ending: .cancel).ended, at: InstantMother.morning)
        settings.desktopNotification = false
        var off = Bells(settings: settings, notifier: notifier) {}
        off.observe(try await session(ending: .finish).ended, at: InstantMother.morning)
        #expect(notifier.notifications.isEmpty)
    }

    /// How many times something happened.
    final class Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }
}
