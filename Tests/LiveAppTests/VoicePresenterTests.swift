import Domain
import Fixtures
import Foundation
@testable import LiveApp
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// What a voice says of a session's pushes and ticks, as the processes showing it say it:
/// each bell's words after its bell, the marks the time makes, the changes a push brings,
/// every cue once per machine and nothing at `off` or with `--silent`. (The words are
/// Rendering's `Announcement`, checked in RenderingTests; a real engine in `VoiceTests`.)
@Suite("Speaking a session")
struct VoicePresenterTests {
    /// A presenter on `machine` whose bells and words are kept in `heard`, in order.
    static func presenter(
        _ level: Settings.Voice, on machine: PreviewRuntimeFolder = PreviewRuntimeFolder(), heard: Locked<[String]>,
        sounds: Bool = true
    ) -> BellPresenter {
        let sound: (@Sendable (BellAlert) async -> Void)? = sounds ? { @Sendable alert in heard.withLock { $0.append("(\(alert.summary))") } } : nil
        return BellPresenter(
            runtime: machine, sound: sound,
            speaking: BellPresenter.Speaking(level: level, heard: { _ in .zero }, say: { words in heard.withLock { $0.append(words) } }))
    }

    /// A real server on a preview clock, with one session of `attributes` made on it.
    static func session(_ attributes: SessionAttributes) async throws -> (SyncServer, PreviewClock, CreatedActivity) {
        let clock = PreviewClock()
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        return (server, clock, try await server.create(attributes))
    }

    @Test("each bell's words follow it: the start, the bell with the time left, the end; a minute mark on a bell is the bell's")
    func bellsAndTheirWords() async throws {
        let heard = Locked<[String]>([])
        var presenter = Self.presenter(.minutes, heard: heard)
        let pushes = try await BellPresenterTests.pushes()
        for (index, push) in pushes.enumerated() {
            // The clock's tick at a bell's instant comes before its push: the mark waits for the bell.
            if index > 0 { presenter.tick(pushes[0], at: push.timestamp) }
            _ = presenter.present(push, at: push.timestamp)
        }
        await presenter.finish()
        let words = heard.value.filter { !$0.hasPrefix("(") }
        #expect(words == [
            "Three minutes. Begin.", "Bell one of two. Two minutes remain.", "Bell two of two. One minute remains.",
            "Your sit is complete: three minutes.",
        ])
        // Each bell's words come after its sound (the bells themselves are never held back).
        for (bell, said) in zip(["(start bell)", "(bell 1 of 2)", "(bell 2 of 2)", "(end bell)"], words) {
            let (rang, spoken) = (heard.value.firstIndex(of: bell), heard.value.firstIndex(of: said))
            #expect(rang != nil && spoken != nil && rang! < spoken!, "\(heard.value)")
        }
    }

    @Test("three terminals on one machine say each cue once; a second machine says its own; --silent and off say nothing")
    func oncePerMachine() async throws {
        let machine = PreviewRuntimeFolder()
        let heard = Locked<[String]>([])
        var presenters = [Self.presenter(.all, on: machine, heard: heard), Self.presenter(.all, on: machine, heard: heard), Self.presenter(.off, on: machine, heard: heard)]
        let pushes = try await BellPresenterTests.pushes()
        for push in pushes {
            for index in presenters.indices { _ = presenters[index].present(push, at: push.timestamp) }
        }
        for presenter in presenters { await presenter.finish() }
        #expect(heard.value.filter { !$0.hasPrefix("(") }.count == 4, "\(heard.value)")
        #expect(heard.value.count == 8)

        let elsewhere = Locked<[String]>([])
        var other = Self.presenter(.all, heard: elsewhere)
        for push in pushes { _ = other.present(push, at: push.timestamp) }
        await other.finish()
        #expect(elsewhere.value.count == 8, "a second machine speaks for itself")

        let (bowl, voice) = (PreviewBellSound(), PreviewSpeechVoice())
        var options = BellOption()
        options.silent = true
        options.voice = "all"
        await Self.present(pushes, with: options, sound: bowl, voice: voice)
        #expect(voice.words.isEmpty && bowl.rings.isEmpty)
        options.silent = false
        options.voice = "bells"
        await Self.present(pushes, with: options, sound: bowl, voice: voice)
        #expect(voice.words.count == 4 && bowl.rings.count == 4, "--voice speaks over the setting's off")
        options.voice = "loud"
        #expect(throws: (any Error).self) { try options.validate() }
    }

    @Test("a voice that cannot speak says why on standard error, once, and what to install")
    func unheardOnce() async throws {
        let errors = Locked<[String]>([])
        let console = Console(output: { _ in }, errors: { line in errors.withLock { $0.append(line) } })
        var options = BellOption()
        options.silent = false
        options.voice = "all"
        await Self.present(try await BellPresenterTests.pushes(), with: options, sound: PreviewBellSound(), voice: .mute, console: console)
        #expect(errors.value == ["moments: warning: the voice says nothing: a preview has no speech engine\n"])
    }

    /// Every push of `pushes` presented by the presenter `options` makes of `sound` and
    /// `voice`, at its own instant, and its bells and words waited for.
    static func present(
        _ pushes: [ActivitySnapshot], with options: BellOption, sound: PreviewBellSound, voice: PreviewSpeechVoice,
        console: Console = Console(output: { _ in }, errors: { _ in })
    ) async {
        var presenter = options.presenter(
            runtime: PreviewRuntimeFolder(), sound: sound, voice: voice, settings: .standard, console: console, fallback: { _ in })
        for push in pushes { _ = presenter.present(push, at: push.timestamp) }
        await presenter.finish()
    }

    @Test("all says a pause and a resume; bells does not; minutes says the time left every five minutes and at one")
    func changesAndMarks() async throws {
        let (server, clock, created) = try await Self.session(SessionAttributesMother.makeAttributes(plannedSeconds: 600))
        let heard = Locked<[String]>([])
        let fewer = Locked<[String]>([])
        var all = Self.presenter(.all, heard: heard)
        var bells = Self.presenter(.bells, heard: fewer)
        func show(_ push: ActivitySnapshot) {
            _ = all.present(push, at: clock.now())
            _ = bells.present(push, at: clock.now())
        }
        show(created.state)
        clock.advance(by: 300)
        all.tick(created.state, at: clock.now())
        bells.tick(created.state, at: clock.now())
        show(try await server.send(try IntentRequest(clientID: "t", intentID: "1", intent: .pause), to: created.id, token: created.token))
        clock.advance(by: 30)
        let resumed = try await server.send(try IntentRequest(clientID: "t", intentID: "2", intent: .resume), to: created.id, token: created.token)
        show(resumed)
        clock.advance(by: 240)
        all.tick(resumed, at: clock.now())
        show(try await server.send(try IntentRequest(clientID: "t", intentID: "3", intent: .finish), to: created.id, token: created.token))
        await all.finish()
        await bells.finish()
        #expect(heard.value == [
            "Ten minutes. Begin.", "Five minutes remain.", "Paused.", "Resumed.", "One minute remains.",
            "Finished early: nine minutes sat.",
        ])
        #expect(fewer.value == ["Ten minutes. Begin.", "Finished early: nine minutes sat."])
    }

    @Test("a terminal opened in the middle says nothing of what came before it, and nothing a minute late")
    func nothingOld() async throws {
        let (_, clock, created) = try await Self.session(SessionAttributesMother.makeAttributes(plannedSeconds: 1_200))
        clock.advance(by: 330)
        let heard = Locked<[String]>([])
        var watcher = Self.presenter(.all, heard: heard)
        _ = watcher.present(created.state, at: clock.now())
        watcher.tick(created.state, at: clock.now())
        clock.advance(by: 270)
        watcher.tick(created.state, at: clock.now())
        await watcher.finish()
        #expect(heard.value == ["Ten minutes remain."])
    }

    @Test("an open-ended sit says the minutes sat every five minutes")
    func openEnded() async throws {
        let (_, clock, created) = try await Self.session(SessionAttributesMother.makeAttributes(plannedSeconds: nil))
        let heard = Locked<[String]>([])
        var presenter = Self.presenter(.minutes, heard: heard)
        _ = presenter.present(created.state, at: clock.now())
        for _ in 0..<11 {
            clock.advance(by: 60)
            presenter.tick(created.state, at: clock.now())
        }
        await presenter.finish()
        #expect(heard.value == ["Begin.", "Five minutes.", "Ten minutes."])
    }
}
