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

/// The showcase composition: `moments-showcase` assembled from Fixtures alone. Every live
/// dependency of the live app is a double that fails loudly if called
/// (``Fixtures/ForbiddenCalls`` keeps each call), so the showcase starts no server, opens
/// no socket and reads none of the person's files. `Apps/Showcase` calls ``run()``; the
/// tests call ``dependencies(forbiddenCalls:environment:outputIsTerminal:terminalColumns:output:errors:)``.
public enum ShowcaseRoot {
    /// Runs `moments-showcase` with the process's arguments and exits with its status.
    public static func run() async -> Never {
        let status = await ShowcaseApp.run(Array(CommandLine.arguments.dropFirst()), with: standard())
        exit(status)
    }

    /// The showcase's dependencies: forbidden doubles reporting to `forbiddenCalls`,
    /// output through `output` and `errors`; what the tests run in-process, with a
    /// terminal of `terminalColumns` when they need one.
    public static func dependencies(
        forbiddenCalls: ForbiddenCalls = ForbiddenCalls(), environment: [String: String], outputIsTerminal: Bool,
        terminalColumns: Int? = nil,
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void
    ) -> ShowcaseDependencies {
        ShowcaseDependencies(
            clock: FailingSyncClock(calls: forbiddenCalls), storage: FailingSyncStorage(calls: forbiddenCalls),
            connection: FailingSyncConnection(calls: forbiddenCalls), history: FailingSessionHistory(calls: forbiddenCalls),
            environment: environment, outputIsTerminal: outputIsTerminal, terminalColumns: terminalColumns,
            output: output, errors: errors)
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
