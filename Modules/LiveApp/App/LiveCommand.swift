import ArgumentParser

/// A `moments` command: ArgumentParser reads its options from the command line, and
/// ``MomentsApp`` runs it with the live dependencies the composition built, so no command
/// reaches a file, a server or a socket except through them.
protocol LiveCommand: ParsableCommand {
    /// Does the command's work.
    func run(with dependencies: LiveDependencies) async throws
}
