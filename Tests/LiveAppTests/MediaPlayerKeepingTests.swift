import Domain
import Fixtures
import Foundation
import LiveApp
import Rendering
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The session's lock-screen media player, kept by the session loop beside its
/// notification on preview media controls (``Fixtures/PreviewDesktopMediaPlayer``),
/// in-process: `moments notify` shows every change and the end, its buttons become intents
/// only where they work, and it is withdrawn at the dismissal.
extension InProcessCommandTests {
    @Test("notify's player: every change shown, its buttons sent as intents where they work, withdrawn at the dismissal")
    func playerFollows() async throws {
        let app = App()
        let made = try await app.host.server.create(SessionAttributesMother.makeAttributes(name: "Evening sit"))
        let notifying = app.start(["notify"])
        try await eventually { app.mediaPlayer.shown.first?.title == "Evening sit" }
        #expect(app.mediaPlayer.shown.first?.status == .playing)

        // A pause sent by another client: the player says so.
        _ = try await app.host.server.send(try IntentRequest(clientID: "other", intentID: "1", intent: .pause), to: made.id, token: made.token)
        try await eventually { app.mediaPlayer.shown.last?.status == .paused }
        // Pause on a paused sit does nothing (MPRIS: no effect); play resumes it.
        app.mediaPlayer.press(.pause)
        app.mediaPlayer.press(.play)
        try await eventually { (try? await app.host.server.snapshot(of: made.id).activity.content.isPaused) == false }
        try await eventually { app.mediaPlayer.shown.last?.status == .playing }
        app.mediaPlayer.press(.playPause)
        try await eventually { (try? await app.host.server.snapshot(of: made.id).activity.content.isPaused) == true }
        app.mediaPlayer.press(.stop)
        try await eventually { app.mediaPlayer.shown.last?.status == .stopped }
        #expect(try await app.host.server.snapshot(of: made.id).activity.content.outcome == .finishedEarly)
        #expect(app.mediaPlayer.shown.last?.artist.hasPrefix("Finished early") == true)
        // Nothing more to do once it ended.
        app.mediaPlayer.press(.play)

        app.clock.advance(by: SessionLimits.maximumDismissalDelay + 1)
        #expect(await notifying.value == ExitStatus.completed.rawValue)
        #expect(app.mediaPlayer.calls.last == .withdraw)
        let ended = try await app.host.server.snapshot(of: made.id).activity.content
        #expect(ended.outcome == .finishedEarly && !ended.isPaused)
    }

    @Test("start with desktop-notification on keeps the player to the end, stopped")
    func startKeepsThePlayer() async throws {
        var settings = SettingsMother.makeSettings()
        settings.desktopNotification = true
        let app = App(files: PreviewPersonalFiles(settings: settings))
        let starting = app.start(["start", "5m", "--name", "Kept"])
        try await eventually { app.mediaPlayer.shown.first?.title == "Kept" }
        #expect(app.mediaPlayer.shown.first?.lengthSeconds == 300)
        app.clock.advance(by: 301)
        #expect(await starting.value == ExitStatus.completed.rawValue)
        #expect(app.mediaPlayer.shown.last?.status == .stopped)
        // The end is left shown: the process that leaves takes it with it.
        #expect(app.mediaPlayer.calls.last != .withdraw)
    }
}
