import Domain
import Rendering

/// Chooses and sets up where a live session is shown, and gives the terminal back after.
///
/// Full screen when both standard input and output are terminals, `TERM` is not `dumb`
/// and `--no-tty` was not given; plain lines otherwise. The accessible mode (the
/// `accessible` setting, `--accessible`, or `ACCESSIBLE=1` in the environment) shows
/// plain lines on a terminal too, for a screen reader, and still reads its keys.
enum LiveTerminal {
    /// Runs `body` with the output chosen on `terminal`; the terminal, if taken over, is
    /// restored before this returns, whatever `body` did.
    static func run<T>(
        on terminal: any SessionTerminal, noTTY: Bool, accessible: Settings.AccessibleOutput = .off, timeZone: LocalTimeZone,
        _ body: (LiveOutput, _ keys: Bool) async -> T
    ) async -> T {
        let format = OutputFormat.detect(environment: terminal.environment, isTTY: terminal.isInteractive)
        let lines = LineReport(timeZone: timeZone) { terminal.write($0) }
        guard !noTTY, format != .plain else {
            return await body(.lines(lines), false)
        }
        let mode = accessible != .off ? accessible : Self.accessible(in: terminal.environment)
        if mode != .off {
            let spoken = LineReport(timeZone: timeZone, accessible: true, minutes: mode == .minutes) { terminal.write($0) }
            do {
                try terminal.enterKeysOnly()
            } catch {
                terminal.warn("\(error.description) Keys are not read.")
                return await body(.lines(spoken), false)
            }
            defer {
                spoken.end()
                terminal.leave()
            }
            return await body(.lines(spoken), true)
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

    /// The accessible mode `ACCESSIBLE` asks for, as the GitHub CLI and charm's tools read
    /// it: on for any value but empty, `0` or `false`.
    static func accessible(in environment: [String: String]) -> Settings.AccessibleOutput {
        guard let value = environment["ACCESSIBLE"]?.lowercased(), !["", "0", "false", "off", "no"].contains(value) else { return .off }
        return value == "minutes" ? .minutes : .on
    }
}
