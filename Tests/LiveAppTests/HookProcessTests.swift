import Foundation
import TestSupport
import Testing

/// Hooks as a person sets them and `moments start` runs them, with real processes: the
/// settings command, the embedded host and `/bin/sh`.
@Suite(.timeLimit(.minutes(1)), .blocking)
struct HookProcessTests {
    @Test("settings set hook-end, then start 2s: the end hook has run, once, when start has exited, with the outcome and the name")
    func endHookRunsBeforeStartLeaves() throws {
        let fixture = try LiveFixture()
        let command = #"echo "$MOMENTS_EVENT $MOMENTS_OUTCOME $MOMENTS_SAT_SECONDS $MOMENTS_NAME" >> "$HOME/ended""#
        let set = try fixture.run(["settings", "set", "hook-end", command])
        #expect(set.status == 0, "\(set.errors)")
        #expect(set.output == "hook-end: \(command)\n")
        let start = try fixture.run(["start", "2s", "--no-tty", "--silent", "--name", "Tea; touch pwned"])
        #expect(start.status == 0, "\(start.errors)")
        let ended = try String(contentsOf: fixture.folder.path("ended"), encoding: .utf8)
        #expect(ended == "end completed 2 Tea; touch pwned\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("pwned").path))
        let off = try fixture.run(["settings", "set", "hook-end", "off"])
        #expect(off.output == "hook-end: off\n")
    }

    @Test("a hook that fails while start's screen is drawn is told on the terminal after the screen is left, not over it")
    func failureToldAfterTheScreen() throws {
        let fixture = try LiveFixture()
        // It says why, then leaves a mark the test waits for, then fails.
        let command = #"echo "the lamp is out"; touch "$HOME/ran"; exit 3"#
        #expect(try fixture.run(["settings", "set", "hook-start", command]).status == 0)
        let pty = try fixture.moments(["start", "5s", "--silent"], errorsOnTerminal: true)
        #expect(fixture.eventually { FileManager.default.fileExists(atPath: fixture.folder.path("ran").path) })
        // Still on the session's screen, which its end leaves five seconds in.
        #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}[?1049l"))
        #expect(pty.waitForExit() == 0)
        let output = String(decoding: pty.output, as: UTF8.self)
        let entered = try #require(output.range(of: "\u{1B}[?1049h"), "the screen is entered")
        let left = try #require(output.range(of: "\u{1B}[?1049l"), "the screen is left")
        let warning = try #require(
            output.range(of: "failed with exit status 3: the lamp is out"), "\(output.suffix(400))")
        // On the main screen: after the session's screen is left, or (when the hook failed
        // before the screen was entered, as on a loaded machine) before it; never on it.
        #expect(
            warning.lowerBound > left.upperBound || warning.upperBound <= entered.lowerBound,
            "the warning is written on the main screen, not over the session's")
    }
}
