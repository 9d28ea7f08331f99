import ArgumentParser
import Domain
import Rendering

/// `moments watch`: a session's Live Activity in another terminal. It finds the session by
/// itself (the runtime file of the `moments start` showing it), only observes, and sends
/// intents for its keys; it follows the session through its end and dismissal.
struct WatchCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Show a running session's Live Activity, following the sync server.",
        discussion: """
            Without ID it watches the session a `moments start` of yours is showing, or one \
            kept running on the embedded server (which it then hosts). Keys: space pauses and \
            resumes, f finishes, c cancels (after asking), + and - move the target, q stops \
            watching (the session goes on).

            \(ExitStatus.summary)
            """)

    /// The presentations `--presentation` can name.
    enum Presentation: String, ExpressibleByArgument, CaseIterable {
        case lock, compact, minimal, expanded, all

        /// The surfaces shown, in order: each case but `all` names one by its raw value.
        var surfaces: [ActivitySurface] {
            ActivitySurface(rawValue: rawValue).map { [$0] } ?? ActivitySurface.allCases
        }
    }

    @OptionGroup var target: SessionTarget

    @OptionGroup var bell: BellOption

    /// Every `--server`, as one text; `nil` for the embedded server.
    var server: String? { target.server }

    @Option(help: "Which presentation to show: lock, compact, minimal, expanded or all.")
    var presentation = Presentation.lock

    @OptionGroup var output: OutputOption

    /// `--no-tty`: lines, and no keys.
    var noTTY: Bool { output.noTTY }

    /// The data folder the session's files are in.
    var data: DataDirectoryOption { target.data }

    func run(with dependencies: LiveDependencies) async throws {
        // A join code names a group sit, followed through its channel (ADR 0072).
        if let sit = try JoinedSit.named(by: target, bell: bell, console: dependencies.console) {
            try await sit.show(surfaces: presentation.surfaces, noTTY: noTTY, accessible: output.accessible, dependencies: dependencies)
            return
        }
        try await FollowedSession(target: target, bell: bell).show(
            surfaces: presentation.surfaces, noTTY: noTTY, accessible: output.accessible, desktop: nil, dependencies: dependencies)
    }
}
