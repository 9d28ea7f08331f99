import Foundation
import Rendering
import TestSupport
import Testing

/// The commands in a real pseudo-terminal: ANSI at the colour depth the environment
/// names, at the terminal's width rather than `COLUMNS`.
@Suite("The commands in a terminal", .blocking)
struct TerminalOutputTests {
    /// Runs `moments` in a real pseudo-terminal `columns` wide (TestSupport's), and answers
    /// what the terminal received once the process has exited.
    static func runInTerminal(_ arguments: [String], columns: Int, environment: [String: String]) throws -> (status: Int32?, screen: String) {
        let terminal = try PseudoTerminal(
            product: "moments", arguments, environment: environment, size: Size(width: columns, height: 40))
        let status = try #require(terminal.waitForExit())
        return (PseudoTerminal.exitCode(status), String(decoding: terminal.output, as: UTF8.self))
    }

    /// A data folder's environment in a terminal of type `TERM=xterm-256color`, plus `extra`.
    static func terminalEnvironment(_ folder: CommandFolder, _ extra: [String: String]) -> [String: String] {
        folder.environment.merging(["TERM": "xterm-256color"]) { $1 }.merging(extra) { $1 }
    }

    @Test("history in a 100-column terminal is ANSI, 100 columns wide whatever COLUMNS says, in the colour depth COLORTERM names")
    func historyInTerminal() throws {
        let folder = try CommandFolder()
        let environment = Self.terminalEnvironment(folder, ["COLORTERM": "truecolor"])
        let run = try Self.runInTerminal(["history"], columns: 100, environment: environment)
        #expect(run.status == 0)
        // True-colour foreground escapes, and the border as wide as the terminal.
        #expect(run.screen.contains("\u{1B}[0;38;2;"))
        let plain = run.screen.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        // The terminal turns each newline into CR LF.
        let top = try #require(plain.components(separatedBy: "\r\n").first)
        #expect(top.hasPrefix("╭ History"))
        #expect(top.count == 100)
    }

    @Test("NO_COLOR in a terminal keeps the attributes and drops the colours")
    func noColor() throws {
        let folder = try CommandFolder()
        let environment = Self.terminalEnvironment(folder, ["NO_COLOR": "1"])
        let run = try Self.runInTerminal(["settings"], columns: 60, environment: environment)
        #expect(run.status == 0)
        #expect(run.screen.contains("\u{1B}["))
        #expect(!run.screen.contains("38;5;") && !run.screen.contains("38;2;"))
    }
}
