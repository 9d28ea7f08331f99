import Fixtures
import Sync

/// Everything `moments-showcase` runs with, in one value, built by the showcase
/// composition (`ShowcaseRoot`): the preview dependencies `play` runs the live app's loop
/// on, and where the process's output goes. Nothing in it reaches a server, a socket or
/// a file of the person's, so neither can the showcase.
public struct ShowcaseDependencies: Sendable {
    /// The session a scripted scenario plays on: a preview server double seeded from the
    /// script's Mothers, and a preview clock starting at the script's instant.
    public let playback: @Sendable (SessionScript) -> Playback
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
        playback: @escaping @Sendable (SessionScript) -> Playback,
        environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) {
        self.playback = playback
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

/// What plays one scripted session: the connection the live loop follows and sends
/// intents to, the session's id and token there, and the clock the screen reads.
public struct Playback: Sendable {
    /// The server double.
    public let connection: any SyncConnection
    /// The session's id.
    public let id: String
    /// Its token.
    public let token: String
    /// What time it is.
    public let clock: any SyncClock

    /// A playback of session `id` (with `token`) on `connection`, at `clock`'s time.
    public init(connection: any SyncConnection, id: String, token: String, clock: any SyncClock) {
        self.connection = connection
        self.id = id
        self.token = token
        self.clock = clock
    }
}
