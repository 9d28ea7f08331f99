import Foundation
import TestSupport
import Testing

/// Hooks as a person sets them and `moments start` runs them, with real processes: the
/// settings command, the embedded host and `/bin/sh`.
@Suite(.timeLimit(.minutes(1)))
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
}
