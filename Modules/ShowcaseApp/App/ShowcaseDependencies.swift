import LiveApp
import Sync

/// Everything `moments-showcase` runs with, in one value, built by the showcase
/// composition (`ShowcaseRoot`): in place of every live dependency of the live app a
/// double, and where the process's output goes. So the showcase starts no server, opens no
/// socket and reads none of the person's files, and a test can prove it.
public struct ShowcaseDependencies: Sendable {
    /// The server's clock: instants come from fixtures instead.
    public let clock: any SyncClock
    /// The server's storage: the showcase keeps no state.
    public let storage: any SyncStorage
    /// The connection to a server: the showcase talks to none.
    public let connection: any SyncConnection
    /// The person's history of sessions: the showcase reads none.
    public let history: any SessionHistory
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
        clock: any SyncClock, storage: any SyncStorage, connection: any SyncConnection, history: any SessionHistory,
        environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) {
        self.clock = clock
        self.storage = storage
        self.connection = connection
        self.history = history
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
