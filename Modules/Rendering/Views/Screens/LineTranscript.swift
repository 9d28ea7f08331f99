/// The line output of a session as a view: what `moments start` prints to a pipe, a log
/// or with `--no-tty`, one line per change of state and then the summary, drawn as plain
/// text so the catalog can show exactly what a script receives.
public struct LineTranscript: CompositeView {
    /// The lines, as printed.
    public let lines: [String]

    /// A transcript of `lines`.
    public init(lines: [String]) {
        self.lines = lines
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        VStack(lines.map { Text($0) }).erased
    }
}
