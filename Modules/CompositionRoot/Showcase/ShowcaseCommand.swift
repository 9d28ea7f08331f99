import ArgumentParser

/// The `moments-showcase` command: the catalog of every view in every scenario, as
/// `Apps/Showcase` runs it, assembled from Fixtures alone.
public struct ShowcaseCommand: AsyncParsableCommand {
    /// The name, help text and version of `moments-showcase`; subcommands join it as they land.
    public static let configuration = CommandConfiguration(
        commandName: "moments-showcase",
        abstract: "A catalog of every Little Moments view in every scenario and variant.",
        discussion: """
            Built from Mother Objects and Preview-prefixed doubles: it starts no server, \
            opens no socket and reads none of your files. The catalog is on its way; see \
            the README for what works today.
            """,
        version: AppVersion.current
    )

    /// Made by ArgumentParser when it parses the command line.
    public init() {}
}
