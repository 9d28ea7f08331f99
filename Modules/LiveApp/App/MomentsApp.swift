import ArgumentParser
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `moments`: parses the command line and runs the command it names with the
/// dependencies the live composition built.
public enum MomentsApp {
    /// Parses `arguments` (the process's own when `nil`), runs the command with
    /// `dependencies` and exits with its status. A usage or validation error exits 1, as
    /// ``ExitStatus`` promises, instead of ArgumentParser's 64 (`EX_USAGE`); its message is
    /// ArgumentParser's, on stderr. `--help`, `--version` and completion scripts exit 0,
    /// and a status a command throws (``ExitStatus/exitCode``) passes through unchanged.
    public static func run(_ arguments: [String]? = nil, dependencies: LiveDependencies) async -> Never {
        let root = MomentsCommand.self
        do {
            var command = try root.parseAsRoot(arguments)
            if let live = command as? any LiveCommand {
                // From here on the command may change things: a stop signal that no screen
                // watches ends it with "interrupted" (the terminal given back on exit).
                SignalEvents.whenUnwatched(.exit(ExitStatus.endedEarly.rawValue))
                try await live.run(with: dependencies)
            } else {
                try command.run()
            }
            root.exit()
        } catch {
            guard root.exitCode(for: error) == .validationFailure else { root.exit(withError: error) }
            DescriptorOutput.write(root.fullMessage(for: error) + "\n", to: DescriptorOutput.standardError)
            exit(ExitStatus.usageOrInput.rawValue)
        }
    }
}
