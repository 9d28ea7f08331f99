import TerminalIO
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal layer in a real pseudo-terminal: raw mode while it runs, and the terminal
/// given back (settings, main screen, cursor) however the program ends.
@Suite("The terminal is restored on every exit", .serialized, .blocking)
struct TerminalRestoreTests {
    /// The probe in a pty, entered into raw mode and the alternate screen.
    func probe() throws -> PseudoTerminal {
        let pty = try PseudoTerminal(product: "TerminalProbe", [], environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "xterm-256color"])
        #expect(pty.waitForText("ready"), "the probe did not start: \(pty.errors)")
        let raw = pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "raw mode: no line editing, no echo, Ctrl-C as a key")
        #expect(pty.screen.alternateScreen)
        #expect(!pty.screen.cursorVisible)
        return pty
    }

    func expectRestored(_ pty: PseudoTerminal) {
        #expect(PseudoTerminal.bytes(of: pty.attributes()) == PseudoTerminal.bytes(of: pty.initialAttributes))
        #expect(!pty.screen.alternateScreen)
        #expect(pty.screen.cursorVisible)
        #expect(String(decoding: pty.output, as: UTF8.self).hasSuffix(TerminalRestorer.restoreSequence))
    }

    @Test("leaving in order")
    func orderly() throws {
        let pty = try probe()
        pty.type("q")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        expectRestored(pty)
    }

    @Test("exit() from anywhere, through the atexit hook")
    func exitCall() throws {
        let pty = try probe()
        pty.type("x")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 3)
        expectRestored(pty)
    }

    @Test("a crash: restored, then the process still dies of its signal")
    func crash() throws {
        let pty = try probe()
        pty.type("s")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.terminatingSignal(status) == SIGSEGV)
        expectRestored(pty)
    }

    @Test("SIGTERM with no orderly handler: restored, then killed by it")
    func sigterm() throws {
        let pty = try probe()
        pty.type("t")
        #expect(pty.waitForText("waiting"))
        pty.signal(SIGTERM)
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.terminatingSignal(status) == SIGTERM)
        expectRestored(pty)
    }

    @Test("SIGTERM is an event while a screen watches it, and kills again once it stops watching")
    func signalsGivenBack() throws {
        let pty = try probe()
        pty.type("g")
        #expect(pty.waitForText("watching"))
        // Dispatch arms its signal source a moment after the stream is made; a SIGTERM in
        // that moment is ignored, so send one until one arrives as an event.
        var watched = false
        for _ in 0..<50 where !watched {
            pty.signal(SIGTERM)
            watched = pty.waitForText("watched", timeout: .milliseconds(200))
        }
        #expect(watched, "SIGTERM did not arrive as an event: \(pty.errors)")
        pty.type("h")
        #expect(pty.waitForText("given back"))
        pty.signal(SIGTERM)
        // Were SIGTERM still ignored, the probe would wait on and this would time out.
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.terminatingSignal(status) == SIGTERM)
        expectRestored(pty)
    }
}
