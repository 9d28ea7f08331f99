import ArgumentParser
import TerminalIO

/// Runs `moments`: parses the command line and runs the command it names with the
/// dependencies the live composition built.
public enum MomentsApp {
    /// Parses `arguments` (the process's own when `nil`), runs the command with
    /// `dependencies` and answers its exit status (``execute(_:dependencies:whenChanging:)``),
    /// for a composition that runs the command as a service of the process's group and
    /// exits once the group has stopped. From the moment a command may change things, a
    /// stop signal that no screen watches ends the process with "interrupted" (the terminal
    /// given back on exit).
    public static func status(_ arguments: [String]? = nil, dependencies: LiveDependencies) async -> Int32 {
        await execute(arguments, dependencies: dependencies) {
            SignalEvents.whenUnwatched(.exit(ExitStatus.endedEarly.rawValue))
        }
    }

    /// Parses `arguments`, runs the command with `dependencies` and answers its exit
    /// status, every message on `dependencies.console`: what ``status(_:dependencies:)`` does
    /// without taking the stop signals over, so the tests run the app in-process on preview dependencies.
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
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownHelpTopic(arguments, of: root) {
            // ArgumentParser's `help` prints the root's help for a name it does not know,
            // and exits 0: a typo would look answered.
            console.errors("moments: error: there is no command \"\(unknown)\"; `moments --help` lists them.\n")
            return ExitStatus.usageOrInput.rawValue
        }
        if let negative = negativeDuration(in: arguments) {
            // ArgumentParser reads `-5m` as an option it does not know, or as a value
            // missing: the person wrote a duration, and hears about that.
            console.errors("moments: error: '\(negative)' is negative: a duration is positive; write it as \(negative.dropFirst()).\n")
            return ExitStatus.usageOrInput.rawValue
        }
        do {
            var command = try root.parseAsRoot(ExtendCommand.readingAmountsTakenOff(arguments))
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

    /// The first name of `moments help NAME…` that is no command of `root`'s, or `nil`
    /// when the arguments are not a `help` or every name is a command.
    static func unknownHelpTopic(_ arguments: [String], of root: any ParsableCommand.Type) -> String? {
        guard arguments.first == "help" else { return nil }
        var command = root
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            let next = command.configuration.subcommands.first {
                $0.configuration.commandName == name || $0.configuration.aliases.contains(name)
            }
            guard let next else { return name }
            command = next
        }
        return nil
    }

    /// The first argument of `moments start` or `moments settings set` that is a negative
    /// number (`-5m`), where only a duration can stand: no option of `moments` begins with
    /// a digit. `extend` reads such an amount as time taken off
    /// (``ExtendCommand/readingAmountsTakenOff(_:)``).
    static func negativeDuration(in arguments: [String]) -> String? {
        let takesDurations = arguments.first == "start" || arguments.starts(with: ["settings", "set"])
        guard takesDurations else { return nil }
        return arguments.dropFirst().prefix { $0 != "--" }.first { $0.first == "-" && $0.dropFirst().first?.isNumber == true }
    }
}
