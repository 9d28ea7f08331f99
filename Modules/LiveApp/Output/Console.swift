import TerminalIO

/// How the commands talk to a person: results on standard output, a line at a time so a
/// pipe sees each when it happens; warnings and errors on standard error. A dependency
/// like any other (``LiveDependencies/console``): the live one writes to the process's
/// streams (``standardStreams``), a preview one keeps what is said.
public struct Console: Sendable {
    /// Takes text for standard output.
    let output: @Sendable (String) -> Void
    /// Takes text for standard error.
    let errors: @Sendable (String) -> Void

    /// A console writing results to `output` and warnings and errors to `errors`.
    public init(output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.errors = errors
    }

    /// The process's own standard output and error, each write whole: the live console.
    public static let standardStreams = Console(
        output: { DescriptorOutput.write($0, to: DescriptorOutput.standardOutput) },
        errors: { DescriptorOutput.write($0, to: DescriptorOutput.standardError) })

    /// Prints a line of output.
    public func say(_ line: String) {
        output(line + "\n")
    }

    /// Prints a warning.
    public func warn(_ line: String) {
        errors("moments: warning: " + line + "\n")
    }

    /// An error to end a command with: its message on standard error, and `status`
    /// (``ExitStatus/usageOrInput`` unless said otherwise).
    public func failure(_ message: String, status: ExitStatus = .usageOrInput) -> any Error {
        error(message)
        return status.exitCode
    }

    /// Prints an error, for a command that goes on to end by itself.
    public func error(_ message: String) {
        errors("moments: error: " + message + "\n")
    }
}
