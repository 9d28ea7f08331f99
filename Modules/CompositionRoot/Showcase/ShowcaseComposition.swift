import Fixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif
import Persistence
import Rendering
import Sync

/// Everything `moments-showcase` is assembled from, in one value: the catalog's fixtures,
/// and in place of every live dependency of the live app a double that fails loudly if
/// called (``Fixtures/ForbiddenCalls`` keeps each call). So the showcase starts no server,
/// opens no socket and reads none of the person's files, and a test can prove it.
public struct ShowcaseComposition: Sendable {
    /// Every call made to a forbidden dependency: empty after any command.
    public let forbiddenCalls: ForbiddenCalls
    /// The server's clock: instants come from fixtures instead.
    public let clock: any SyncClock
    /// The server's storage: the showcase keeps no state.
    public let storage: any SyncStorage
    /// The connection to a server: the showcase talks to none.
    public let connection: any SyncConnection
    /// The person's history of sessions: the showcase reads and records none.
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

    /// A composition with forbidden doubles reporting to `forbiddenCalls`, writing through
    /// `output` and `errors`: what the tests run in-process, with a terminal of
    /// `terminalColumns` when they need one.
    public init(
        forbiddenCalls: ForbiddenCalls = ForbiddenCalls(), environment: [String: String], outputIsTerminal: Bool,
        terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) {
        self.forbiddenCalls = forbiddenCalls
        clock = FailingSyncClock(calls: forbiddenCalls)
        storage = FailingSyncStorage(calls: forbiddenCalls)
        connection = FailingSyncConnection(calls: forbiddenCalls)
        history = FailingSessionHistory(calls: forbiddenCalls)
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.terminalColumns = terminalColumns
        self.output = output
        self.errors = errors
    }

    /// The composition of the real process: its environment, standard output and error.
    public static func standard() -> ShowcaseComposition {
        let isTTY = Terminal.isTerminal(STDOUT_FILENO)
        return ShowcaseComposition(
            environment: ProcessInfo.processInfo.environment, outputIsTerminal: isTTY,
            terminalColumns: isTTY ? Terminal(output: STDOUT_FILENO).size?.width : nil,
            output: { DescriptorOutput.write($0, to: DescriptorOutput.standardOutput) },
            errors: { DescriptorOutput.write($0, to: DescriptorOutput.standardError) })
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
