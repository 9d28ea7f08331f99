import ArgumentParser
import Foundation

/// The entry points the two executables call: each asks the composition root for its
/// whole app, so `Apps/` holds nothing but a `@main`.
public enum Apps {
    /// Runs `moments` with the process's arguments and exits with its status.
    public static func runLive() async {
        await MomentsCommand.main()
    }

    /// Runs `moments-showcase` with the process's arguments in the showcase composition
    /// (fixtures, and doubles that fail loudly for every live dependency), and exits with
    /// its status.
    public static func runShowcase() async {
        let status = await ShowcaseApp.run(Array(CommandLine.arguments.dropFirst()), in: .standard())
        exit(status)
    }
}
