import Domain
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moments status` and the control verbs as a key binding and a bar run them: real
/// processes beside a `moments start` in a pseudo-terminal, on the embedded server it
/// hosts, over its loopback port.
@Suite("Status and control verbs beside a running start", .takingTurns)
struct StatusProcessTests {
    @Test("a pause from another process changes what status prints, in the owner's screen too; a bad extend changes nothing")
    func pauseFromAnotherProcess() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m", "--name", "Bar sit"])
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })

        let running = try machine.run(["status"])
        #expect(running.status == 0, "\(running.errors)")
        #expect(running.output.hasPrefix("▸ ") && running.output.hasSuffix(" Bar sit\n"), "\(running.output)")

        let paused = try machine.run(["pause"])
        #expect(paused.status == 0, "\(paused.errors)")
        #expect(paused.output.hasPrefix("‖ "), "\(paused.output)")
        #expect(owner.waitForText("Paused"))
        let waybar = try machine.run(["status", "--format", "waybar"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.output.utf8)) as? [String: Any])
        #expect(object["class"] as? String == "paused")
        #expect(waybar.output.filter { $0 == "\n" }.count == 1)

        let before = try machine.run(["status", "--format", "json"])
        let bad = try machine.run(["extend", "later"])
        #expect(bad.status == 1 && bad.errors.contains("+5m"), "\(bad.errors)")
        let refused = try machine.run(["extend", "--", "-10m"])
        #expect(refused.status == 1 && refused.errors.contains("unchanged"), "\(refused.errors)")
        #expect(try machine.run(["status", "--format", "json"]).output == before.output, "paused: the time does not move")

        let finished = try machine.run(["finish"])
        #expect(finished.status == 2, "finished early, as start says: \(finished.errors)")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
    }

    @Test("with no session, status prints the empty form and exits 5, and no process is left hosting")
    func noSession() throws {
        let machine = try LiveFixture()
        for (format, empty) in [("plain", "\n"), ("i3blocks", "\n"), ("polybar", "\n"), ("tmux", "\n")] {
            let run = try machine.run(["status", "--format", format])
            #expect(run.status == 5 && run.output == empty && run.errors.isEmpty, "\(format): \(run)")
        }
        let waybar = try machine.run(["status", "--format", "waybar"])
        #expect(waybar.status == 5)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.output.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "")
        let pause = try machine.run(["pause"])
        #expect(pause.status == 5 && pause.errors.contains("no session is running"), "\(pause)")
        #expect(machine.runtimeFiles().isEmpty, "status announces nothing: it never hosts")
    }
}
