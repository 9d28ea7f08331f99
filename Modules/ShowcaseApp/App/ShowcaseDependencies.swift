import Fixtures
import LiveApp

/// Everything `moments-showcase` runs with, in one value, built by the showcase
/// composition (`ShowcaseRoot`): the preview dependencies `play` runs the live app's loop
/// on, and where the process's output goes. Nothing in it reaches a server, a socket or
/// a file of the person's, so neither can the showcase.
public struct ShowcaseDependencies: Sendable {
    /// Plays a scripted scenario's session to its body: the real sync server on a preview
    /// storage seeded by playing the script, running with a preview clock from the instant
    /// the scenario shows while the body runs, and stopped after it. It throws only when the
    /// script cannot be played (a defect).
    public let playback: Playback
    /// The shape of ``playback``: the script, and what to do with its session while its
    /// server runs.
    public typealias Playback = @Sendable (SessionScript, _ body: @Sendable (SessionSource) async throws -> Void) async throws -> Void
    /// The terminal `play` shows its session in: the process's own.
    public let terminal: @Sendable () -> any SessionTerminal
    /// The environment variables output is chosen by (`TERM`, `NO_COLOR`, `COLORTERM`,
    /// `COLUMNS`).
    public let environment: [String: String]
    /// Whether standard output is a terminal.
    public let outputIsTerminal: Bool
    /// The width of that terminal in cells, when it reports one: what `variants` lays its
    /// grid out in, by the rule every command shares.
    public let terminalColumns: Int?
    /// Writes to standard output.
    let output: @Sendable (String) -> Void
    /// Writes to standard error.
    let errors: @Sendable (String) -> Void

    /// Dependencies made of these parts.
    public init(
        playback: @escaping Playback,
        terminal: @escaping @Sendable () -> any SessionTerminal,
        environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) {
        self.playback = playback
        self.terminal = terminal
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.terminalColumns = terminalColumns
        self.output = output
        self.errors = errors
    }

    /// Prints a line.
    func say(_ line: String) { output(line + "\n") }
}

/// A command that cannot do what was asked: the message says why and what to do instead.
/// Always exit status 1 (usage or input), as the README promises.
public struct ShowcaseFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let message: String
    public var description: String { message }
}
