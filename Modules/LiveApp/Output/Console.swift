import ArgumentParser
import TerminalIO

/// How the commands talk to a person: results on standard output, flushed at once so a
/// pipe sees each line when it happens; warnings and errors on standard error.
public enum Console {
    /// Prints a line of output.
    public static func say(_ line: String) {
        DescriptorOutput.write(line + "\n", to: DescriptorOutput.standardOutput)
    }

    /// Prints a warning.
    public static func warn(_ line: String) {
        DescriptorOutput.write("moments: warning: " + line + "\n", to: DescriptorOutput.standardError)
    }

    /// An error to end a command with: its message on standard error, and `status`
    /// (``ExitStatus/usageOrInput`` unless said otherwise).
    public static func failure(_ message: String, status: ExitStatus = .usageOrInput) -> any Error {
        error(message)
        return status.exitCode
    }

    /// Prints an error, for a command that goes on to end by itself.
    public static func error(_ message: String) {
        DescriptorOutput.write("moments: error: " + message + "\n", to: DescriptorOutput.standardError)
    }
}
