import ArgumentParser
import LiveApp

/// A showcase command that runs with the dependencies it is given, so the process and the
/// in-process tests run the same code with different outputs.
protocol ShowcaseSubcommand: ParsableCommand {
    /// Does the command's work.
    func run(with dependencies: ShowcaseDependencies) async throws
}

/// Runs `moments-showcase`: parses the arguments, runs the command with the dependencies it is given, and
/// answers the exit status.
public enum ShowcaseApp {
    /// Runs `arguments` (without the program name) with `dependencies`: 0 on success, 1 for
    /// any usage or input error (an unknown id, a bad option), with the message on
    /// standard error.
    public static func run(_ arguments: [String], with dependencies: ShowcaseDependencies) async -> Int32 {
        do {
            var command = try ShowcaseCommand.parseAsRoot(arguments)
            guard let subcommand = command as? any ShowcaseSubcommand else {
                // `NAME --help` and `help NAME` come back as ArgumentParser's help command,
                // which prints the help of the command asked about; the root alone asks for
                // its own (thrown, and written below).
                try command.run()
                return 0
            }
            try await subcommand.run(with: dependencies)
            return 0
        } catch let failure as ShowcaseFailure {
            dependencies.errors("moments-showcase: error: \(failure.message)\n")
            return ExitStatus.usageOrInput.rawValue
        } catch {
            let code = ShowcaseCommand.exitCode(for: error)
            let message = ShowcaseCommand.fullMessage(for: error)
            if code == .success {
                dependencies.output(message + "\n")
                return 0
            }
            dependencies.errors(message + "\n")
            return ExitStatus.usageOrInput.rawValue
        }
    }
}
