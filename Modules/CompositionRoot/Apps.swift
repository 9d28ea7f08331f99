import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// The entry points the two executables call: each asks the composition root for its
/// whole app, so `Apps/` holds nothing but a `@main`.
public enum Apps {
    /// Runs `moments` with the process's arguments and exits with its status: a usage
    /// error is ``ExitStatus/usageOrInput`` (see ``run(_:arguments:)``).
    public static func runLive() async {
        await run(MomentsCommand.self)
    }

    /// Runs `moments-showcase` with the process's arguments in the showcase composition
    /// (fixtures, and doubles that fail loudly for every live dependency), and exits with
    /// its status.
    public static func runShowcase() async {
        let status = await ShowcaseApp.run(Array(CommandLine.arguments.dropFirst()), in: .standard())
        exit(status)
    }

    /// Parses and runs `Root` as ArgumentParser's `main()` does, with one difference: a
    /// usage or validation error exits 1, as ``ExitStatus`` promises, instead of
    /// ArgumentParser's 64 (`EX_USAGE`). Its message is ArgumentParser's, on stderr;
    /// `--help`, `--version` and completion scripts still exit 0, and a status a command
    /// throws (``ExitStatus/exitCode``) passes through unchanged.
    static func run<Root: AsyncParsableCommand>(_ root: Root.Type, arguments: [String]? = nil) async -> Never {
        do {
            var command = try root.parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
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
