import Foundation
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Signals from the first instant: `moments` blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH
/// as the first thing `main` does and reads them, so a SIGTERM is never lost whenever it
/// arrives. Sent at moments from 0 to 50 ms after spawn, many times each, it always ends
/// the process with the terminal as it was. Before the program has started its work it may
/// die of the signal, having changed nothing; after, it exits 2. How fast it ends is a
/// benchmark's figure: here only a process still running at ``Patience/hang`` fails.
@Suite("Signals from the first instant", .serialized, .blocking)
struct SignalTimingTests {
    static let delays: [Int] = [0, 1, 2, 5, 10, 15, 20, 30, 40, 50]

    @Test("SIGTERM 0 to 50 ms after spawn, five times each, and once the timer shows: ended, terminal restored, exit 2 once work started")
    func sigtermAtAnyMoment() throws {
        var outcomes: [String: Int] = [:]
        for delay in Self.delays {
            for attempt in 0..<5 {
                let machine = try LiveFixture()
                let pty = try machine.moments(["start", "5m"])
                // The delay is the point: the signal lands wherever start-up has got to.
                usleep(useconds_t(delay * 1_000))
                pty.signal(SIGTERM)
                if let outcome = Self.ended(pty, machine, "SIGTERM \(delay) ms after spawn, attempt \(attempt + 1)") {
                    outcomes[outcome, default: 0] += 1
                }
            }
        }
        // How many of those came before the work started depends on the machine's load, so
        // the path after it is taken for certain once more: on the timer's first frame.
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m"])
        #expect(pty.waitForText("Running"), "\(pty.screen.text)\n\(pty.errors)")
        pty.signal(SIGTERM)
        #expect(Self.ended(pty, machine, "SIGTERM once the timer shows") == "exit 2", "\(outcomes)")
    }

    /// Checks that the process ended and restored the terminal, and that it died of the
    /// signal only if it had written nothing; answers "exit N" or "SIGTERM".
    static func ended(_ pty: PseudoTerminal, _ machine: LiveFixture, _ where_: String) -> String? {
        guard let status = pty.waitForExit() else {
            Issue.record("\(where_): still running \(Patience.hang) later\n\(pty.screen.text)")
            return nil
        }
        #expect(PseudoTerminal.bytes(of: pty.attributes()) == PseudoTerminal.bytes(of: pty.initialAttributes), "\(where_)")
        #expect(!pty.screen.alternateScreen && pty.screen.cursorVisible, "\(where_): \(pty.screen.text)")
        if let code = PseudoTerminal.exitCode(status) {
            #expect(code == 2, "\(where_): exit \(code)\n\(pty.errors)")
            return "exit \(code)"
        }
        let signal = PseudoTerminal.terminatingSignal(status)
        #expect(signal == SIGTERM, "\(where_): ended by signal \(String(describing: signal))")
        // Dying of it is fine only before the work started: nothing was written.
        let written = (try? FileManager.default.contentsOfDirectory(atPath: machine.data.path)) ?? []
        #expect(written.isEmpty, "\(where_): died of SIGTERM after writing \(written)")
        return "SIGTERM"
    }
}
