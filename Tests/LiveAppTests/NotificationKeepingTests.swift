import Domain
import Fixtures
import Foundation
import LiveApp
import Rendering
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The session's desktop notification, kept by the session loop on a preview notification
/// server (``Fixtures/PreviewDesktopNotifier``), in-process: `moments notify` replaces one
/// id on every change, sends each button's intent, and closes at the dismissal;
/// `moments start` keeps it when the setting asks; no server is said once.
extension InProcessCommandTests {
    /// The show calls' ids replaced, in order.
    static func replaced(_ calls: [PreviewDesktopNotifier.Call]) -> [UInt32] {
        calls.compactMap { if case .show(_, let replacing, _) = $0 { return replacing } else { return nil } }
    }

    @Test("notify: one id replaced on each change; a pause from elsewhere and each button; closed at the dismissal")
    func notifyFollows() async throws {
        let app = App()
        let made = try await app.host.server.create(SessionAttributesMother.makeAttributes(name: "Evening sit"))
        let notifying = app.start(["notify"])
        try await eventually { app.notifier.shown.first?.summary == "Evening sit" }
        #expect(app.notifier.shown.first?.actions == [.pause, .finish, .extend])

        // A pause sent by another client: the notification says so, in place.
        _ = try await app.host.server.send(try IntentRequest(clientID: "other", intentID: "1", intent: .pause), to: made.id, token: made.token)
        try await eventually { app.notifier.shown.last?.body.hasPrefix("Paused") == true }
        #expect(app.notifier.shown.last?.actions == [.resume, .finish, .extend])

        // Its buttons send their intents through the intent path.
        app.notifier.press(.resume, on: 1)
        try await eventually { (try? await app.host.server.snapshot(of: made.id).activity.content.isPaused) == false }
        let target = try #require(made.state.activity.content.targetTimeInSeconds)
        app.notifier.press(.extend, on: 1)
        try await eventually { (try? await app.host.server.snapshot(of: made.id).activity.content.targetTimeInSeconds) == target + 60 }
        app.notifier.press(.finish, on: 1)
        try await eventually { app.notifier.shown.last?.body.hasPrefix("Finished early") == true }
        #expect(app.notifier.shown.last?.actions == [])
        #expect(app.notifier.shown.last?.urgency == .normal)

        // A press on another notification's id is not this session's.
        app.notifier.press(.pause, on: 99)
        app.clock.advance(by: SessionLimits.maximumDismissalDelay + 1)
        // A follower at the dismissal exits 0, whatever the outcome (the sitter's start says it).
        #expect(await notifying.value == ExitStatus.completed.rawValue)
        #expect(app.notifier.calls.last == .close(1))
        let replaced = Self.replaced(app.notifier.calls)
        #expect(replaced.first == 0 && replaced.dropFirst().allSatisfy { $0 == 1 }, "\(replaced)")
    }

    @Test("notify with no notification server exits 4 and says why; with no session, 5")
    func notifyUnavailable() async throws {
        #expect(await App(notifier: .unavailable).run(["notify"]) == ExitStatus.noSession.rawValue)
        let app = App(notifier: .unavailable)
        _ = try await app.host.server.create(SessionAttributesMother.makeAttributes())
        #expect(await app.run(["notify"]) == ExitStatus.environmentFailure.rawValue)
        #expect(app.console.errors.contains("cannot show a desktop notification: no session bus"), "\(app.console.errors)")
    }

    @Test("start with desktop-notification on keeps the notification to the outcome; with no server it says so once and goes on")
    func startKeepsIt() async throws {
        var settings = Settings.standard
        settings.desktopNotification = true
        let app = App(files: PreviewPersonalFiles(settings: settings))
        let running = app.start(["start", "5m", "--no-tty"])
        // The standard bells ring one strike to begin: the first notification flashes it.
        try await eventually { app.notifier.shown.contains { $0.body.hasPrefix("🔔 Start bell · 0:00 of 5:00") } }
        app.clock.advance(by: 301)
        #expect(await running.value == ExitStatus.completed.rawValue)
        #expect(app.notifier.shown.last?.body.hasPrefix("Completed") == true)
        #expect(app.notifier.shown.last?.progressPercent == 100)
        // The outcome stays until the dismissal: the server expires it, nobody closes it.
        #expect(!app.notifier.calls.contains { if case .close = $0 { true } else { false } })

        let quiet = App(files: PreviewPersonalFiles(settings: settings), notifier: .unavailable)
        let unnotified = quiet.start(["start", "5m", "--no-tty"])
        #expect(await quiet.waitForLine("Running"))
        quiet.clock.advance(by: 301)
        #expect(await unnotified.value == ExitStatus.completed.rawValue)
        #expect(quiet.console.errors.components(separatedBy: "no desktop notification").count == 2, "\(quiet.console.errors)")
    }
}
