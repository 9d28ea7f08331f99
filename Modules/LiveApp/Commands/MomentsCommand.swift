import ArgumentParser

/// The `moments` command: the live mini-app, as `Apps/Live` runs it.
///
/// Each subcommand is wired to its live dependencies in this module and nowhere else
/// (Documentation/Architecture.md).
public struct MomentsCommand: ParsableCommand {
    /// The name, help text, version and subcommands of `moments`.
    public static let configuration = CommandConfiguration(
        commandName: "moments",
        abstract: "A meditation timer for the terminal, with a Live Activity that follows a sync server.",
        discussion: """
            `moments start 10m` sits ten minutes; `moments watch` follows it from another \
            terminal; `moments history` and `moments stats` look back.

            \(ExitStatus.summary)
            """,
        version: AppVersion.current,
        subcommands: [
            StartCommand.self, JoinCommand.self, WatchCommand.self, NotifyCommand.self, StatusCommand.self, BarCommand.self, PauseCommand.self,
            ResumeCommand.self, ToggleCommand.self, FinishCommand.self, CancelCommand.self, ExtendCommand.self, ServeCommand.self,
            GroupCommand.self, KeysCommand.self, HistoryCommand.self, StatsCommand.self, SettingsCommand.self,
            WidgetCommand.self,
        ]
    )

    /// Made by ArgumentParser when it parses the command line.
    public init() {}
}

/// The version both apps report with `--version`.
public enum AppVersion {
    /// The current version of Little Moments.
    public static let current = "0.1.0"
}
