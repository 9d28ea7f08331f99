import Fixtures
import Foundation
import Rendering
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `moments-showcase browse` in a real pseudo-terminal: searching, editing inputs live,
/// printing them as Mother code, redrawing on resize, and giving the terminal back.
@Suite(.timeLimit(.minutes(2)), .blocking)
struct BrowseTests {
    static let environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]

    @Test("search, edit a name live, print the Mother code, and quit with the terminal restored")
    func session() throws {
        let terminal = try PseudoTerminal(
            product: "moments-showcase", ["browse"], environment: Self.environment, size: Size(width: 130, height: 40))
        #expect(terminal.waitForText("Scenarios \(Catalog.all.count)/\(Catalog.all.count)"))
        #expect(terminal.screen.alternateScreen)

        terminal.type("/lock paused")
        #expect(terminal.waitForText("Scenarios 3/\(Catalog.all.count)"))
        #expect(terminal.waitForText("› LiveActivity/LockScreen/paused"))
        #expect(terminal.waitForText("‖ Paused"))

        terminal.type("\r\t\r")
        #expect(terminal.waitForText("Morning sit▏"))
        terminal.type(String(repeating: "\u{7F}", count: 12) + "Tea\r")
        #expect(terminal.waitForText("\"Tea\""))
        #expect(terminal.waitForText("│ Tea "))

        terminal.type("\u{1B}[B\u{1B}[B\u{1B}[B\u{1B}[C\u{1B}[C")
        #expect(terminal.waitForText("135"))

        terminal.type("p")
        let code = "SessionDisplayMother.makeDisplay(script: SessionScriptMother.makeScript(name: \"Tea\", moment: .paused(elapsed: 135)))"
        #expect(terminal.waitForText("Mother code"))
        #expect(terminal.waitForScreen { $0.text.replacingOccurrences(of: "│", with: "").contains("makeScript(name:") })

        terminal.type("q")
        let status = try #require(terminal.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.cursorVisible)
        #expect(terminal.screen.text.contains(code), "\(terminal.screen.text)")
        #expect(PseudoTerminal.bytes(of: terminal.attributes()) == PseudoTerminal.bytes(of: terminal.initialAttributes))
    }

    @Test("a resize redraws at the new size; SIGTERM leaves cleanly")
    func resize() throws {
        let terminal = try PseudoTerminal(
            product: "moments-showcase", ["browse", "Widgets/Medium/streak"], environment: Self.environment,
            size: Size(width: 120, height: 36))
        #expect(terminal.waitForText("› Widgets/Medium/streak"))
        #expect(terminal.waitForText("Today"))
        terminal.resize(to: Size(width: 100, height: 30))
        #expect(terminal.waitForScreen { screen in
            let lines = screen.lines
            return lines.count == 30 && lines[0].hasSuffix("╮") && GraphemeWidth.width(of: lines[0]) == 100
                && lines[29].contains("Quit")
        })
        terminal.type("s")
        #expect(terminal.waitForText("streak · light · medium"))
        terminal.signal(SIGTERM)
        let status = try #require(terminal.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(!terminal.screen.alternateScreen)
        #expect(PseudoTerminal.bytes(of: terminal.attributes()) == PseudoTerminal.bytes(of: terminal.initialAttributes))
    }

    @Test("without a terminal, browse says what to use instead")
    func notATerminal() throws {
        let run = try BuiltProduct.run("moments-showcase", ["browse"])
        #expect(run.status == 1)
        #expect(run.errors.contains("browse needs a terminal"))
    }
}
