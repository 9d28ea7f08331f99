import Foundation
import TestSupport
import Testing

/// Bells as a person hears them: `moments start` with a warm-up and a bell program in one
/// terminal, `moments watch` in another, real processes on the embedded server over its
/// loopback port, the server's real clock.
@Suite("Bells beside a running start", .takingTurns)
struct BellProcessTests {
    @Test("warm-up, then the start bell, two interval bells and three strikes at the end, shown by both, claimed once; the history keeps the time sat")
    func startAndWatch() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "20s", "--warm-up", "2s", "--bells", "10s", "--no-tty"])
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let watcher = try machine.moments(["watch", "--no-tty"])
        #expect(owner.waitForOutput("end bell (3 strikes)", timeout: .seconds(60)))
        for terminal in [owner, watcher] {
            #expect(terminal.waitForOutput("🔔 start bell (1 strike)", timeout: .seconds(5)))
            #expect(terminal.waitForOutput("🔔 bell 1 of 1 (1 strike)", timeout: .seconds(5)))
            #expect(terminal.waitForOutput("🔔 end bell (3 strikes)", timeout: .seconds(5)))
        }
        #expect(PseudoTerminal.exitCode(try #require(owner.waitForExit())) == 0)
        let claims = try FileManager.default.contentsOfDirectory(atPath: machine.runtime.appendingPathComponent("little-moments/bells").path)
        #expect(claims.count == 3, "each bell claimed once on this machine: \(claims)")
        let history = try machine.run(["history", "--json"])
        #expect(history.output.contains("\"actual_seconds\" : 20"), "the warm-up is not sat: \(history.output)")
    }
}
