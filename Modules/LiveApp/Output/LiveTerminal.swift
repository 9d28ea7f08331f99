import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// Chooses and sets up where a live session is shown, and gives the terminal back after.
///
/// Full screen when both standard input and output are terminals, `TERM` is not `dumb`
/// and `--no-tty` was not given; plain lines otherwise.
enum LiveTerminal {
    /// Runs `body` with the output chosen; the terminal, if taken over, is restored
    /// before this returns, whatever `body` did.
    static func run<T>(
        noTTY: Bool, environment: [String: String] = ProcessInfo.processInfo.environment,
        timeZone: LocalTimeZone = SystemTimeZone.current(),
        _ body: (LiveOutput, _ keys: Bool) async -> T
    ) async -> T {
        let terminal = Terminal()
        let format = OutputFormat.detect(environment: environment, isTTY: terminal.isInteractive)
        guard !noTTY, format != .plain else {
            return await body(.lines(LineReport(timeZone: timeZone)), false)
        }
        do {
            try terminal.enter()
        } catch {
            Console.warn("\(error.description) Showing lines instead.")
            return await body(.lines(LineReport(timeZone: timeZone)), false)
        }
        defer { terminal.leave() }
        return await body(.screen(FullScreen(terminal: terminal, format: format, timeZone: timeZone)), true)
    }
}
