import Domain
import Fixtures
import Foundation
import LiveApp
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The accessible mode in a real pseudo-terminal, as a screen reader reads it: plain lines,
/// one per change of state and per bell, the keys that work said whenever they change, the
/// keys still read, the cursor left at the end of the last line, and not one escape sequence:
/// the screen is never cleared, redrawn or coloured.
@Suite("The accessible mode in a pseudo-terminal", .blocking, .timeLimit(.minutes(3)))
struct AccessibleModeTests {
    /// The bytes written, as text.
    static func written(_ terminal: PseudoTerminal) -> String {
        String(decoding: terminal.output, as: UTF8.self)
    }

    @Test("--accessible: a line per change, the keys said and read, a question asked in words, no escape sequence at all")
    func lines() throws {
        let machine = try LiveFixture()
        let terminal = try machine.moments(["start", "20m", "--accessible", "--name", "Quiet sit"])
        defer { terminal.signal(SIGKILL) }
        #expect(terminal.waitForOutput("Running  0:00 of 20:00  Quiet sit"))
        #expect(terminal.waitForOutput("Keys: space Pause, f Finish, +/- 1 min, c Cancel, q Quit, ? Help"))
        // The cursor waits at the end of the last line, where a screen reader reads.
        #expect(Self.written(terminal).hasSuffix("? Help"), "\(Self.written(terminal).suffix(80))")
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.cursorVisible)
        // Keys still work.
        terminal.type(" ")
        #expect(terminal.waitForOutput("Paused  0:00 of 20:00  Quiet sit") || terminal.waitForOutput("Paused  0:01 of 20:00  Quiet sit"))
        #expect(terminal.waitForOutput("Keys: space Resume, f Finish, c Cancel, q Quit, ? Help"))
        terminal.type("?")
        #expect(terminal.waitForOutput("Help: space Pause/resume, f Finish"))
        terminal.type("?")
        terminal.type("c")
        #expect(terminal.waitForOutput("Cancel this session? y Cancel the session, n/esc Keep sitting"))
        terminal.type("y")
        let status = try #require(terminal.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "cancelled")
        let text = Self.written(terminal)
        #expect(text.contains("Cancelled: Quiet sit"))
        #expect(!text.contains("\u{1B}"), "an escape sequence in the accessible mode: \(text.debugDescription.prefix(400))")
        #expect(terminal.output.last == UInt8(ascii: "\n"), "the last line ended")
        // The terminal is given back as it was.
        #expect(PseudoTerminal.bytes(of: terminal.attributes()) == PseudoTerminal.bytes(of: terminal.initialAttributes))
    }

    @Test("ACCESSIBLE=1 asks for it too, and the setting with minutes adds a line each minute; without, the full screen")
    func byEnvironmentAndSetting() throws {
        let machine = try LiveFixture()
        let byEnvironment = try machine.moments(["start", "20m", "--name", "Env sit"], extra: ["ACCESSIBLE": "1"])
        defer { byEnvironment.signal(SIGKILL) }
        #expect(byEnvironment.waitForOutput("Running  0:00 of 20:00  Env sit"))
        #expect(byEnvironment.waitForOutput("Keys: space Pause"))
        byEnvironment.type("q")
        #expect(byEnvironment.waitForOutput("Quit the screen? y Leave it running, n Finish it now, esc Stay"))
        byEnvironment.type("y")
        #expect(byEnvironment.waitForExit() != nil)
        #expect(!Self.written(byEnvironment).contains("\u{1B}"))

        #expect(try machine.run(["settings", "set", "accessible", "minutes"]).status == 0)
        #expect(try machine.run(["settings", "show"]).output.contains("on, each minute"))
        let picked = try machine.moments(["start"])
        defer { picked.signal(SIGKILL) }
        #expect(picked.waitForOutput("Keys: space Pause"))
        picked.type("q")
        picked.type("n")
        #expect(picked.waitForExit() != nil)
        #expect(!Self.written(picked).contains("\u{1B}"))

        #expect(try machine.run(["settings", "set", "accessible", "off"]).status == 0)
        let refused = try machine.run(["settings", "set", "accessible", "loud"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("off, on or minutes"), "\(refused.errors)")
        let screen = try machine.moments(["start", "5m"])
        defer { screen.signal(SIGKILL) }
        #expect(screen.waitForText("Running"))
        #expect(screen.screen.alternateScreen)
    }
}

/// The accessible mode in-process on a preview terminal and clock: its minutes' lines come
/// only when the setting asks for them, and it takes the keys alone, never the screen.
extension InProcessCommandTests {
    /// What the terminal was written, as one text.
    static func text(_ terminal: PreviewSessionTerminal) -> String { terminal.written.joined() }

    @Test("accessible minutes: a line each minute sat; accessible on: none between the changes")
    func accessibleMinutes() async throws {
        for (mode, minuteLines) in [("minutes", true), ("on", false)] {
            var settings = SettingsMother.makeSettings()
            try settings.set("accessible", to: mode)
            let terminal = PreviewSessionTerminal(interactive: true)
            let app = App(files: PreviewPersonalFiles(settings: settings), terminal: terminal)
            let starting = app.start(["start", "5m", "--name", "Minutes"])
            try await eventually { Self.text(terminal).contains("Running  0:00 of 5:00  Minutes") }
            #expect(terminal.wasKeysOnly)
            app.clock.advance(by: 60)
            if minuteLines {
                try await eventually { Self.text(terminal).contains("Running  1:00 of 5:00  Minutes") }
            } else {
                // A change after the minute: its line comes, and no minute's line before it.
                terminal.type(" ")
                try await eventually { Self.text(terminal).contains("Paused  1:00 of 5:00  Minutes") }
                #expect(!Self.text(terminal).contains("Running  1:00"))
            }
            terminal.type("f")
            #expect(await starting.value == ExitStatus.endedEarly.rawValue)
            #expect(!Self.text(terminal).contains("\u{1B}"))
        }
    }
}
