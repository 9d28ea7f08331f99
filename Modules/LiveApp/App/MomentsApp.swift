import ArgumentParser
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `moments`: parses the command line and runs the command it names with the
/// dependencies the live composition built.
public enum MomentsApp {
    /// Parses `arguments` (the process's own when `nil`), runs the command with
    /// `dependencies` and exits with its status (``execute(_:dependencies:whenChanging:)``).
    /// From the moment a command may change things, a stop signal that no screen watches
    /// ends the process with "interrupted" (the terminal given back on exit).
    public static func run(_ arguments: [String]? = nil, dependencies: LiveDependencies) async -> Never {
        let status = await execute(arguments, dependencies: dependencies) {
            SignalEvents.whenUnwatched(.exit(ExitStatus.endedEarly.rawValue))
        }
        exit(status)
    }

    /// Parses `arguments`, runs the command with `dependencies` and answers its exit
    /// status, every message on `dependencies.console`: what ``run(_:dependencies:)`` does
    /// short of exiting, so the tests run the app in-process on preview dependencies.
    /// `whenChanging` is called before a command that may change things runs.
    ///
    /// A usage or validation error is 1, as ``ExitStatus`` promises, instead of
    /// ArgumentParser's 64 (`EX_USAGE`), with ArgumentParser's message; `--help`,
    /// `--version` and completion scripts are 0, and a status a command throws
    /// (``ExitStatus/exitCode``) passes through unchanged.
    public static func execute(
        _ arguments: [String]?, dependencies: LiveDependencies, whenChanging: () -> Void = {}
    ) async -> Int32 {
        let root = MomentsCommand.self
        let console = dependencies.console
        do {
            var command = try root.parseAsRoot(
                ExtendCommand.readingAmountsTakenOff(arguments ?? Array(CommandLine.arguments.dropFirst())))
            if let live = command as? any LiveCommand {
                whenChanging()
                try await live.run(with: dependencies)
            } else {
                try command.run()
            }
            return ExitStatus.completed.rawValue
        } catch {
            let code = root.exitCode(for: error)
            let message = root.fullMessage(for: error)
            if code == .validationFailure {
                console.errors(message + "\n")
                return ExitStatus.usageOrInput.rawValue
            }
            if !message.isEmpty { code == .success ? console.output(message + "\n") : console.errors(message + "\n") }
            return code.rawValue
        }
    }
}
