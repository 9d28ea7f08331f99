import ArgumentParser
import Persistence

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

    /// The folders this run uses: `--data-dir`, then `MOMENTS_HOME`, then the XDG folders.
    var locations: StoreLocations {
        StoreLocations.resolve(dataDirectory: path)
    }
}
