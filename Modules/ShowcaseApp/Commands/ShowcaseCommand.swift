import ArgumentParser
import LiveApp

/// The `moments-showcase` command: the catalog of every view in every scenario, as
/// `Apps/Showcase` runs it, assembled from Fixtures alone.
public struct ShowcaseCommand: ParsableCommand {
    /// The name, help text, version and subcommands of `moments-showcase`.
    public static let configuration = CommandConfiguration(
        commandName: "moments-showcase",
        abstract: "A catalog of every Little Moments view in every scenario and variant.",
        discussion: """
            Built from Mother Objects and Preview-prefixed doubles: it starts no server, \
            opens no socket and reads none of your files. Scenario ids look like \
            LiveActivity/LockScreen/paused; `moments-showcase list` shows them all.
            """,
        version: AppVersion.current,
        subcommands: [
            ListCommand.self, RenderCommand.self, VariantsCommand.self, ExportCommand.self, BrowseCommand.self, PlayCommand.self,
        ]
    )

    /// Made by ArgumentParser when it parses the command line.
    public init() {}
}
