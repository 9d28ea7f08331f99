import ArgumentParser
import Domain
import SyncProtocol

/// `moments join CODE`: a follower's timer screen of a group sit (ADR 0072).
struct JoinCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Follow a group sit with the join code its leader's screen shows.",
        discussion: """
            The sit's timer, bells and end are its leader's: they reach you as they reach \
            everyone who follows it, and no key of yours changes them. q leaves (the sit goes \
            on). `moments watch CODE` shows its Live Activity instead.

            \(ExitStatus.summary)
            """)

    @Argument(help: "The join code, ID.SECRET, as `moments start --group` shows it.")
    var code: String

    @OptionGroup var servers: ServerOption

    @OptionGroup var key: AccessKeyOption

    @OptionGroup var data: DataDirectoryOption

    @OptionGroup var bell: BellOption

    @OptionGroup var output: OutputOption

    /// `--no-tty`: lines, and no keys.
    var noTTY: Bool { output.noTTY }

    func run(with dependencies: LiveDependencies) async throws {
        let code = try JoinedSit.code(self.code, console: dependencies.console)
        try await JoinedSit(code: code, server: servers.server, key: key, data: data, bell: bell)
            .show(surfaces: [], noTTY: noTTY, accessible: output.accessible, dependencies: dependencies)
    }
}

/// `moments group`: what a group sit's leader does besides the keys of its screen.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Manage the group sit you lead.",
        discussion: "Start one with `moments start --group`; others follow it with `moments join CODE`.\n\n\(ExitStatus.summary)",
        subcommands: [RevokeCodeCommand.self])
}

/// `moments group revoke`: closes the sit's channel; its code lets nobody in any more, and
/// those who follow it are let go.
struct RevokeCodeCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the join code of the group sit you lead: nobody more joins, and its followers are let go.",
        discussion: "The sit goes on for you. Revoking a revoked code changes nothing.\n\n\(ExitStatus.summary)")

    @OptionGroup var target: SessionTarget

    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) { (.revokeCode, nil) }
}
