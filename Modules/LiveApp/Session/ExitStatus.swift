import AccessKeys
import ArgumentParser

/// The exit statuses of `moments`, as its help and the README promise them: a script can
/// tell a finished sit from an abandoned one and from a server it could not reach.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The session completed or was left running on the server, a follower (`watch`,
    /// `notify`) followed its session to the dismissal, or the command did what was asked.
    case completed = 0
    /// The command line or an input was wrong; the message says what to do instead.
    case usageOrInput = 1
    /// The session `start` showed was finished early or cancelled, or the screen was interrupted (Ctrl-C,
    /// SIGTERM, SIGHUP) with the session left running.
    case endedEarly = 2
    /// The sync server could not be reached.
    case serverUnreachable = 3
    /// The machine would not let the command do its work: the disk holding the state is
    /// full, or a folder cannot be written or read. Nothing the command line can change;
    /// the message says what to free or fix.
    case environmentFailure = 4
    /// No session to show or act on: `moments status` printed its format's empty form (a
    /// status line then hides), a control verb (`pause`, `toggle`, …) found nothing to
    /// send its intent to. Not an error: a script or a bar tells "nothing running" apart
    /// from a failure by it (ADR 0029).
    case noSession = 5

    /// How a command ends on `error` from a store it needed (the person's files, the keys):
    /// ``environmentFailure`` when the machine refused, else ``usageOrInput``.
    public init(storeFailure error: any Error) {
        let refused = (error as? StoreProblem)?.isEnvironmentFailure ?? (error as? KeyStoreError)?.isEnvironmentFailure ?? false
        self = refused ? .environmentFailure : .usageOrInput
    }

    /// The status as ArgumentParser's error type, to throw from `run()`.
    public var exitCode: ExitCode { ExitCode(rawValue) }

    /// What the status means, in a few words: the one table every command's help, the
    /// README and the manual pages say (a test holds the README to it).
    public var meaning: String {
        switch self {
        case .completed:
            return "completed, or left running on the server; watch or notify followed its session to the dismissal; "
                + "or the command did what was asked"
        case .usageOrInput: return "usage or input error, or an id that names no session (the message on stderr says what to do)"
        case .endedEarly: return "finished early or cancelled (start), or interrupted (Ctrl-C, SIGTERM, SIGHUP) with the session left running"
        case .serverUnreachable: return "the sync server could not be reached (the message names its address)"
        case .environmentFailure:
            return "the environment failed: a full disk, a folder that cannot be written or read, no session bus or "
                + "notification server (notify)"
        case .noSession: return "no session is running: status printed its empty form; a verb, watch or notify had nothing to act on"
        }
    }

    /// The table every command's `--help` prints, one line per status.
    public static var summary: String {
        "Exit status:\n" + allCases.map { "  \($0.rawValue)  \($0.meaning)" }.joined(separator: "\n")
    }

    /// The same table in Markdown, as the README has it.
    public static var markdownTable: String {
        (["| status | meaning |", "|---|---|"] + allCases.map { "| \($0.rawValue) | \($0.meaning) |" }).joined(separator: "\n")
    }
}
