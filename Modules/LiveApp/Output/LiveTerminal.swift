import Domain
import Rendering

/// Chooses and sets up where a live session is shown, and gives the terminal back after.
///
/// Full screen when both standard input and output are terminals, `TERM` is not `dumb`
/// and `--no-tty` was not given; plain lines otherwise.
enum LiveTerminal {
    /// Runs `body` with the output chosen on `terminal`; the terminal, if taken over, is
    /// restored before this returns, whatever `body` did.
    static func run<T>(
        on terminal: any SessionTerminal, noTTY: Bool, timeZone: LocalTimeZone,
        _ body: (LiveOutput, _ keys: Bool) async -> T
    ) async -> T {
        let format = OutputFormat.detect(environment: terminal.environment, isTTY: terminal.isInteractive)
        let lines = LineReport(timeZone: timeZone) { terminal.write($0 + "\n") }
        guard !noTTY, format != .plain else {
            return await body(.lines(lines), false)
        }
        do {
            try terminal.enter()
        } catch {
            terminal.warn("\(error.description) Showing lines instead.")
            return await body(.lines(lines), false)
        }
        defer { terminal.leave() }
        return await body(.screen(FullScreen(terminal: terminal, format: format, timeZone: timeZone)), true)
    }
}
