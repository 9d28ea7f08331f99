import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The voice of `moments start --voice` and of the `voice` setting, end to end: a real
/// `moments` in a pseudo-terminal, the real espeak-ng speaking into WAV files (the
/// engine `MOMENTS_SPEECH` names runs it with `-w`), sox hearing each, and a watcher on the
/// same machine that says nothing the owner said.
@Suite("The voice of a session", .blocking, .timeLimit(.minutes(3)))
struct VoiceTests {
    @Test("--voice all: the beginning, a pause, a resume and the end are each spoken once, one after another, as speech sox hears")
    func spokenSit() throws {
        let machine = try LiveFixture()
        let recorder = try SpeechRecorder(in: machine.folder.path("speech"))
        let speech = ["MOMENTS_SPEECH": recorder.engine.path]
        let owner = try machine.moments(["start", "1m", "--bells", "none", "--voice", "all", "--name", "Spoken sit"], extra: speech)
        defer { owner.signal(SIGKILL) }
        #expect(owner.waitForOutput("Spoken sit"))
        #expect(machine.eventually { recorder.words() == ["One minute. Begin."] }, "\(recorder.words())")
        // A watcher on the same machine with the voice on says none of it again.
        let watcher = try machine.moments(["watch", "--voice", "all"], extra: speech)
        defer { watcher.signal(SIGKILL) }
        #expect(watcher.waitForOutput("Spoken sit"))
        owner.type(" ")
        #expect(machine.eventually { recorder.words().count == 2 }, "\(recorder.words())")
        owner.type(" ")
        #expect(machine.eventually { recorder.words().count == 3 }, "\(recorder.words())")
        owner.type("f")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "finished early")
        #expect(machine.eventually { recorder.recordings().count == 4 }, "\(recorder.words())")
        let words = recorder.words()
        #expect(words.prefix(3) == ["One minute. Begin.", "Paused.", "Resumed."])
        #expect(words.last?.hasPrefix("Finished early: ") == true && words.last?.hasSuffix(" sat.") == true, "\(words)")
        let recordings = recorder.recordings()
        for (earlier, later) in zip(recordings, recordings.dropFirst()) {
            #expect(earlier.ended <= later.began, "one announcement at a time: \((try? String(contentsOf: recorder.log, encoding: .utf8)) ?? "")")
        }
        for recording in recordings {
            let heard = try SpeechRecorder.measure(recording.file)
            #expect(heard.seconds > 0.4 && heard.loudness > 0.01, "speech in \(recording.file): \(heard)")
        }
    }

    @Test("the voice setting speaks without --voice; --silent and off say nothing")
    func bySetting() throws {
        let machine = try LiveFixture()
        let recorder = try SpeechRecorder(in: machine.folder.path("speech"))
        let speech = ["MOMENTS_SPEECH": recorder.engine.path]
        let set = try machine.moments(["settings", "set", "voice", "bells"])
        #expect(set.waitForExit().map(PseudoTerminal.exitCode) == 0)
        let silent = try machine.moments(["start", "1m", "--bells", "none", "--silent", "--name", "Quiet sit"], extra: speech)
        defer { silent.signal(SIGKILL) }
        #expect(silent.waitForOutput("Quiet sit"))
        silent.type("c")
        silent.type("y")
        #expect(silent.waitForExit() != nil)
        #expect(recorder.words().isEmpty, "--silent speaks nothing: \(recorder.words())")
        let spoken = try machine.moments(["start", "1m", "--bells", "none", "--name", "Set sit"], extra: speech)
        defer { spoken.signal(SIGKILL) }
        #expect(machine.eventually { recorder.words() == ["One minute. Begin."] }, "\(recorder.words())")
        spoken.type(" ")
        spoken.type("f")
        #expect(spoken.waitForExit() != nil)
        #expect(machine.eventually { recorder.words().count == 2 })
        #expect(recorder.words().last?.hasPrefix("Finished early") == true, "bells says the end, not the pause: \(recorder.words())")
        let refused = try machine.moments(["start", "1m", "--voice", "loud"], errorsOnTerminal: true)
        #expect(refused.waitForExit().map(PseudoTerminal.exitCode) == 1)
        #expect(refused.screen.text.contains("--voice takes off, bells, minutes or all"), "\(refused.screen.text)")
    }
}
