import TerminalIO

/// How the commands talk to a person: results on standard output, a line at a time so a
/// pipe sees each when it happens; warnings and errors on standard error. A dependency
/// like any other (``LiveDependencies/console``): the live one writes to the process's
/// streams (``standardStreams``), a preview one keeps what is said.
public struct Console: Sendable {
    /// What standard output is: a terminal (with its width, when it says) or a pipe or file.
    public struct Destination: Sendable, Hashable {
        /// Whether it is a terminal, which gets ANSI and its own width.
        public var isTerminal: Bool
        /// The terminal's columns, when it reports them.
        public var columns: Int?

        /// A terminal of `columns`, or a pipe or file when `isTerminal` is false.
        public init(isTerminal: Bool, columns: Int? = nil) {
            self.isTerminal = isTerminal
            self.columns = columns
        }

        /// A pipe or a file: plain text.
        public static let pipe = Destination(isTerminal: false)
    }

    /// Takes text for standard output.
    let output: @Sendable (String) -> Void
    /// Takes text for standard error.
    let errors: @Sendable (String) -> Void
    /// What standard output is now.
    let destination: @Sendable () -> Destination
    /// Whether standard output still has a reader (a pipe's other end may have gone).
    let outputHasReader: @Sendable () -> Bool
    /// Yields when standard output loses its reader, before anything is written to find it
    /// out (``TerminalIO/DescriptorOutput/readerGone(_:)``).
    let outputGone: @Sendable () -> AsyncStream<Void>

    /// A console writing results to `output` and warnings and errors to `errors`, its
    /// output going to `destination` (a pipe unless said otherwise), whose reader never
    /// goes unless `outputHasReader` and `outputGone` say so.
    public init(
        output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void,
        destination: @escaping @Sendable () -> Destination = { .pipe },
        outputHasReader: @escaping @Sendable () -> Bool = { true },
        outputGone: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { _ in } }
    ) {
        self.output = output
        self.errors = errors
        self.destination = destination
        self.outputHasReader = outputHasReader
        self.outputGone = outputGone
    }

    /// The process's own standard output and error, each write whole: the live console.
    /// What is written to standard error while a full screen is drawn on the same terminal
    /// is written once the screen is left (`HeldStandardError`).
    public static let standardStreams = Console(
        output: { DescriptorOutput.write($0, to: DescriptorOutput.standardOutput) },
        errors: { HeldStandardError.write($0) },
        destination: {
            Terminal.isTerminal(DescriptorOutput.standardOutput)
                ? Destination(isTerminal: true, columns: Terminal(output: DescriptorOutput.standardOutput).size?.columns)
                : .pipe
        },
        outputHasReader: { DescriptorOutput.hasReader(DescriptorOutput.standardOutput) },
        outputGone: { DescriptorOutput.readerGone(DescriptorOutput.standardOutput) })

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
