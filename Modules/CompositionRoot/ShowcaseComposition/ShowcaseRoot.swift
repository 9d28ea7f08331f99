import Dispatch
import Fixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShowcaseApp
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// The showcase composition: `moments-showcase` assembled from Fixtures alone. `play`
/// runs the live app's own loop on a preview server double and a preview clock; nothing
/// here reaches a real server, store, clock or socket, and the import table keeps it so
/// (this target sees neither Persistence nor the live composition). `Apps/Showcase` calls
/// ``run()``; the tests call
/// ``dependencies(environment:outputIsTerminal:terminalColumns:output:errors:)``.
public enum ShowcaseRoot {
    /// The whole of `moments-showcase`'s `main`: takes the stop and resize signals over
    /// first, as `moments` does, then runs the showcase and exits with its status.
    public static func main() -> Never {
        SignalEvents.start()
        Task { await run() }
        dispatchMain()
    }

    /// Runs `moments-showcase` with the process's arguments and exits with its status.
    public static func run() async -> Never {
        let status = await ShowcaseApp.run(Array(CommandLine.arguments.dropFirst()), with: standard())
        exit(status)
    }

    /// The showcase's dependencies, output through `output` and `errors`: what the tests
    /// run in-process, with a terminal of `terminalColumns` when they need one.
    public static func dependencies(
        environment: [String: String], outputIsTerminal: Bool, terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) -> ShowcaseDependencies {
        ShowcaseDependencies(
            playback: playback(of:), environment: environment, outputIsTerminal: outputIsTerminal,
            terminalColumns: terminalColumns, output: output, errors: errors)
    }

    /// A scripted session on Fixtures' server double, its clock starting at the instant
    /// the scenario is shown.
    static func playback(of script: SessionScript) -> Playback {
        let clock = PreviewRunningClock(start: script.shownAt)
        return Playback(
            connection: PreviewSyncServer(script: script, clock: clock), id: PreviewSyncServer.activityID,
            token: PreviewSyncServer.token, clock: clock)
    }

    /// The dependencies of the real process: its environment, standard output and error.
    public static func standard() -> ShowcaseDependencies {
        let isTTY = Terminal.isTerminal(STDOUT_FILENO)
        return dependencies(
            environment: ProcessInfo.processInfo.environment, outputIsTerminal: isTTY,
            terminalColumns: isTTY ? Terminal(output: STDOUT_FILENO).size?.columns : nil,
            output: { DescriptorOutput.write($0, to: DescriptorOutput.standardOutput) },
            errors: { DescriptorOutput.write($0, to: DescriptorOutput.standardError) })
    }
}
