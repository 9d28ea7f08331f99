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
/// the process within a second with the terminal as it was. Before the program has
/// started its work it may die of the signal, having changed nothing; after, it exits 2.
@Suite("Signals from the first instant", .serialized)
struct SignalTimingTests {
    static let delays: [Int] = [0, 1, 2, 5, 10, 15, 20, 30, 40, 50]

    @Test("SIGTERM 0 to 50 ms after spawn, five times each: ended within a second, terminal restored, exit 2 once work started")
    func sigtermAtAnyMoment() throws {
        var outcomes: [String: Int] = [:]
        for delay in Self.delays {
            for attempt in 0..<5 {
                let machine = try LiveFixture()
                let pty = try machine.moments(["start", "5m"])
                usleep(useconds_t(delay * 1_000))
                pty.signal(SIGTERM)
                let where_ = "SIGTERM \(delay) ms after spawn, attempt \(attempt + 1)"
                guard let status = pty.waitForExit(timeout: .seconds(1)) else {
                    Issue.record("\(where_): still running a second later\n\(pty.screen.text)")
                    continue
                }
                #expect(PseudoTerminal.bytes(of: pty.attributes()) == PseudoTerminal.bytes(of: pty.initialAttributes), "\(where_)")
                #expect(!pty.screen.alternateScreen && pty.screen.cursorVisible, "\(where_): \(pty.screen.text)")
                if let code = PseudoTerminal.exitCode(status) {
                    #expect(code == 2, "\(where_): exit \(code)\n\(pty.errors)")
                    outcomes["exit \(code)", default: 0] += 1
                } else {
                    let signal = PseudoTerminal.terminatingSignal(status)
                    #expect(signal == SIGTERM, "\(where_): ended by signal \(String(describing: signal))")
                    // Dying of it is fine only before the work started: nothing was written.
                    let written = (try? FileManager.default.contentsOfDirectory(atPath: machine.data.path)) ?? []
                    #expect(written.isEmpty, "\(where_): died of SIGTERM after writing \(written)")
                    outcomes["SIGTERM", default: 0] += 1
                }
            }
        }
        #expect(outcomes["exit 2", default: 0] > 0, "no SIGTERM came after the work started: \(outcomes)")
    }
}
