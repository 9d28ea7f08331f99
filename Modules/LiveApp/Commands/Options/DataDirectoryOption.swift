import ArgumentParser

/// `--data-dir DIR`, shared by every command that reads or writes the person's files, so
/// the option is spelled, documented and resolved the same way everywhere.
struct DataDirectoryOption: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Keep all files in this folder instead of the XDG folders (MOMENTS_HOME does the same).",
            valueName: "dir"),
        completion: .directory)
    var path: String?

    /// The person's files this run uses: `--data-dir`, then `MOMENTS_HOME`, then the XDG
    /// folders, as the live composition resolves them.
    func files(_ dependencies: LiveDependencies) -> CommandFiles {
        CommandFiles(files: dependencies.files(path), console: dependencies.console, environment: dependencies.environment)
    }
}
