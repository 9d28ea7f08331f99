import Foundation
import Rendering
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The commands in a real pseudo-terminal: ANSI at the colour depth the environment
/// names, at the terminal's width rather than `COLUMNS`.
@Suite("The commands in a terminal")
struct TerminalOutputTests {
    /// Runs `moments` with its standard output on a new pseudo-terminal `columns` wide,
    /// and answers what the terminal received once the process has exited.
    static func runInTerminal(_ arguments: [String], columns: UInt16, environment: [String: String]) throws -> (status: Int32, screen: String) {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        #expect(openpty(&master, &slave, nil, nil, &size) == 0)
        try #require(master >= 0 && slave >= 0)
        defer { close(master) }

        let process = Process()
        process.executableURL = BuiltProduct.directory.appendingPathComponent("moments")
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(slave)

        // Read until the terminal reports that no writer is left (EIO on Linux).
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 { received += buffer[0..<count] } else if count < 0, errno == EINTR { continue } else { break }
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: received, as: UTF8.self))
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
