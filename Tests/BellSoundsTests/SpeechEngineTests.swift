import BellSounds
import Foundation
import LiveApp
import TestSupport
import Testing

/// The voice spoken by the machine's speech engine: the real espeak-ng writes each
/// announcement to a WAV file (a stand-in of the test's own runs it with `-w`), and sox
/// hears it: speech, its length, the silence between its sentences. speech-dispatcher
/// cannot run here (no sound server), so `spd-say` is a stand-in that fails as it does
/// without one, and gives way.
@Suite("BellSounds: the voice spoken", .blocking)
struct SpeechEngineTests {
    @Test("espeak-ng speaks an announcement in English: speech sox hears, a second or more long, a silence between its two sentences")
    func spokenByEspeak() async throws {
        try await StandInMachine.with { machine in
            let recorder = try SpeechRecorder(in: machine.folder.path("speech"))
            try machine.link("espeak-ng", to: recorder.engine.path)
            let engine = SpeechEngine(environment: machine.environment())
            #expect(await engine.say("Bell two of three. Ten minutes remain.") == .spoken(engine: "espeak-ng"))
            #expect(recorder.words() == ["Bell two of three. Ten minutes remain."])
            let recording = try #require(recorder.recordings().first)
            let heard = try SpeechRecorder.measure(recording.file)
            #expect(heard.seconds > 1 && heard.seconds < 8, "\(heard)")
            #expect(heard.loudness > 0.01, "speech, not silence: \(heard)")
            #expect(heard.stretches == 2, "two sentences, a silence between: \(heard)")
        }
    }

    @Test("spd-say comes first, asked to wait and speak English; one that fails gives way to espeak-ng")
    func speechDispatcherFirst() async throws {
        try await StandInMachine.with { machine in
            let recorder = try SpeechRecorder(in: machine.folder.path("speech"))
            try machine.link("espeak-ng", to: recorder.engine.path)
            try machine.standIn("spd-say", status: 1, error: "Failed to connect to Speech Dispatcher")
            let engine = SpeechEngine(environment: machine.environment())
            #expect(await engine.say("Paused.") == .spoken(engine: "espeak-ng"))
            #expect(try machine.calls() == ["spd-say --wait -l en Paused."])
            #expect(recorder.words() == ["Paused."])
            try machine.standIn("spd-say")
            #expect(await engine.say("Resumed.") == .spoken(engine: "spd-say"))
            #expect(recorder.words() == ["Paused."], "spd-say spoke it")
        }
    }

    @Test("MOMENTS_SPEECH names the one engine to use, its words before the announcement, as MOMENTS_PLAYER's are")
    func namedEngine() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("espeak-ng")
            let script = try machine.standIn("say-it", at: machine.folder.path("say-it"))
            let engine = SpeechEngine(environment: machine.environment(["MOMENTS_SPEECH": "\(script.path) --rate 120"]))
            #expect(await engine.say("Paused.") == .spoken(engine: "say-it"))
            let tuned = SpeechEngine(environment: machine.environment(["MOMENTS_SPEECH": "espeak-ng -s 120"]))
            #expect(await tuned.say("Resumed.") == .spoken(engine: "espeak-ng"))
            #expect(try machine.calls() == ["say-it --rate 120 Paused.", "espeak-ng -v en -s 120 Resumed."])
        }
    }

    @Test("with no engine, or every one failing, nothing is said and the reason says what to install")
    func unavailable() async throws {
        try await StandInMachine.with { machine in
            let none = await SpeechEngine(environment: machine.environment()).say("Paused.")
            #expect(none == .unavailable(reason: "no speech engine is installed: install speech-dispatcher (spd-say) or espeak-ng to hear the voice"))
            try machine.standIn("espeak-ng", status: 1, error: "no voice")
            let failing = await SpeechEngine(environment: machine.environment()).say("Paused.")
            #expect(failing == .unavailable(reason: "no speech engine spoke: espeak-ng exited with status 1 (no voice)"))
            let named = await SpeechEngine(environment: machine.environment(["MOMENTS_SPEECH": "festival"])).say("Paused.")
            #expect(named.reason?.contains("MOMENTS_SPEECH names festival") == true, "\(named)")
        }
    }
}

extension SpeechOutcome {
    /// Why nothing was said; `nil` when it was.
    var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }
}
