import ArgumentParser

/// How the commands talk to a person: results on standard output, flushed at once so a
/// pipe sees each line when it happens; warnings and errors on standard error.
enum Console {
    /// Prints a line of output.
    static func say(_ line: String) {
        DescriptorOutput.write(line + "\n", to: DescriptorOutput.standardOutput)
    }

    /// Prints a warning.
    static func warn(_ line: String) {
        DescriptorOutput.write("moments: warning: " + line + "\n", to: DescriptorOutput.standardError)
    }

    /// An error to end a command with: its message on standard error, and `status`
    /// (``ExitStatus/usageOrInput`` unless said otherwise).
    static func failure(_ message: String, status: ExitStatus = .usageOrInput) -> any Error {
        error(message)
        return status.exitCode
    }

    /// Prints an error, for a command that goes on to end by itself.
    static func error(_ message: String) {
        DescriptorOutput.write("moments: error: " + message + "\n", to: DescriptorOutput.standardError)
    }
}
