@testable import ShowcaseApp
import ShowcaseComposition
import Foundation
import Rendering
import Synchronization
import Testing
import TestSupport

/// `variants` fills the width every command draws at: the terminal's own, else
/// `COLUMNS`, else 160, as Documentation/Showcase.md says.
@Suite(.blocking)
struct VariantsWidthTests {
    static let id = "LiveActivity/LockScreen/paused"

    /// What `arguments` print in-process with a composition of this terminal and environment.
    static func run(
        _ arguments: [String], environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int?
    ) async -> String {
        let output = Captured()
        let composition = ShowcaseRoot.dependencies(
            environment: environment, outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns,
            output: output.append, errors: output.append)
        _ = await ShowcaseApp.run(arguments, with: composition)
        return output.text.withLock { $0 }
    }

    @Test("with no --columns the grid is laid out as at the width every command would take", arguments: [
        (["COLUMNS": "200", "TERM": "xterm-256color"], true, 100 as Int?, 100),
        (["COLUMNS": "90"], true, nil, 90),
        (["COLUMNS": "90"], false, 120, 90),
        ([:], false, nil, 160),
        (["COLUMNS": "0"], false, nil, 160),
    ])
    func width(environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int?, expected: Int) async {
        let composition = ShowcaseRoot.dependencies(
            environment: environment, outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns,
            output: { _ in }, errors: { _ in })
        #expect(VariantsCommand.width(in: composition) == expected)
        let implicit = await Self.run(
            ["variants", Self.id], environment: environment, outputIsTerminal: outputIsTerminal,
            terminalColumns: terminalColumns)
        let explicit = await Self.run(
            ["variants", Self.id, "--columns", String(expected)], environment: environment,
            outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns)
        #expect(!implicit.isEmpty)
        #expect(implicit == explicit)
    }

    @Test("in a 100-column terminal with no COLUMNS, the lock screen's two widths fit on a row")
    func terminal() throws {
        let terminal = try PseudoTerminal(
            product: "moments-showcase", ["variants", Self.id, "--color", "none"],
            environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"], size: Size(width: 100, height: 50))
        let status = try #require(terminal.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        let lines = String(decoding: terminal.output, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
            .split(separator: "\n")
        #expect(lines.allSatisfy { GraphemeWidth.width(of: $0) <= 100 })
        #expect(lines.contains { $0.contains("medium · 50×8") && $0.contains("medium · 33×8") })
    }
}
