import ArgumentParser

/// A showcase command that runs with the composition it is given, so the process and the
/// in-process tests run the same code with different outputs.
protocol ShowcaseSubcommand: ParsableCommand {
    /// Does the command's work.
    func run(in composition: ShowcaseComposition) async throws
}

/// Runs `moments-showcase`: parses the arguments, runs the command in a composition, and
/// answers the exit status.
public enum ShowcaseApp {
    /// Runs `arguments` (without the program name) in `composition`: 0 on success, 1 for
    /// any usage or input error (an unknown id, a bad option), with the message on
    /// standard error.
    public static func run(_ arguments: [String], in composition: ShowcaseComposition) async -> Int32 {
        do {
            let command = try ShowcaseCommand.parseAsRoot(arguments)
            guard let subcommand = command as? any ShowcaseSubcommand else {
                composition.output(ShowcaseCommand.helpMessage() + "\n")
                return 0
            }
            try await subcommand.run(in: composition)
            return 0
        } catch let failure as ShowcaseFailure {
            composition.errors("moments-showcase: error: \(failure.message)\n")
            return ExitStatus.usageOrInput.rawValue
        } catch {
            let code = ShowcaseCommand.exitCode(for: error)
            let message = ShowcaseCommand.fullMessage(for: error)
            if code == .success {
                composition.output(message + "\n")
                return 0
            }
            composition.errors(message + "\n")
            return ExitStatus.usageOrInput.rawValue
        }
    }
}
