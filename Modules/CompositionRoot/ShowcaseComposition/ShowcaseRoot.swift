import Dispatch
import Fixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import ProcessTerminal
import ShowcaseApp
import SyncAuthority
import SyncProtocol
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// The showcase composition: `moments-showcase` assembled from Fixtures and the real sync
/// server. `play` runs the live app's own loop on the real `SyncServer` fed by a
/// preview storage (in memory) and a preview clock, so a preview cannot drift from what
/// the live server does (ADR 0025); nothing here reaches a real store, clock or socket,
/// and the import table keeps it so (this target sees neither Persistence nor the live
/// composition). `Apps/Showcase` calls
/// ``run()``; the tests call
/// ``dependencies(environment:outputIsTerminal:terminalColumns:output:errors:)``.
public enum ShowcaseRoot {
    /// The whole of `moments-showcase`'s `main`: takes the stop and resize signals over
    /// first, as `moments` does, then runs the showcase and exits with its status.
    public static func main() -> Never {
        SignalEvents.start()
        Task { await run() }
        MainThread.park()
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
            playback: playback(of:_:), terminal: { ProcessTerminal(environment: environment) }, environment: environment, outputIsTerminal: outputIsTerminal,
            terminalColumns: terminalColumns, output: output, errors: errors)
    }

    /// The showcase's sync server: the real one, on `storage` (in memory) and `clock`. Its
    /// sessions take the preview connection's id and token, so a trace of `play` shows
    /// no random source read either.
    public static func previewServer(on storage: PreviewSyncStorage = PreviewSyncStorage(), clock: any SyncClock) -> SyncServer {
        SyncServer(
            storage: storage, clock: clock, makeToken: { PreviewSyncConnection.token },
            makeID: { PreviewSyncConnection.activityID })
    }

    /// Plays a scripted session to `body`: the script played on the preview server at its
    /// own instants (a preview clock moved step by step), then the same storage served by
    /// a server whose clock runs on at the speed of time from the instant the scenario
    /// shows, which first catches up on any clock rule due by then, and runs (its clock
    /// rules) while `body` does.
    public static func playback(
        of script: SessionScript, _ body: @Sendable (SessionSource) async throws -> Void
    ) async throws {
        let storage = PreviewSyncStorage()
        let scriptClock = PreviewClock(now: script.start)
        let scripted = previewServer(on: storage, clock: scriptClock)
        let made = try await script.play(on: scripted, clock: scriptClock, clientID: "showcase")
        await scripted.shutdown()
        let clock = PreviewRunningClock(start: script.shownAt)
        let server = previewServer(on: storage, clock: clock)
        await server.tick()
        try await server.running {
            try await body(SessionSource(connection: InProcessConnection(server: server), id: made.id, token: made.token, clock: clock))
        }
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
