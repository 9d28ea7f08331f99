/// A status line as the showcase shows it: what `moments status --format F` prints in
/// each of `formats`, under the format's name, wrapped to the width offered. The bytes are
/// ``StatusLine/text(_:at:)``'s, at the environment's instant; the view only lays them
/// out, so the catalog shows exactly what a bar receives.
public struct StatusLinePreview: CompositeView {
    /// The line shown.
    public let line: StatusLine
    /// The formats shown, in order.
    public let formats: [StatusLineFormat]

    /// `line` in `formats` (every one by default).
    public init(line: StatusLine, formats: [StatusLineFormat] = StatusLineFormat.allCases) {
        self.line = line
        self.formats = formats
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        VStack(formats.map { format in
            let text = line.text(format, at: environment.now)
            return VStack([
                Text(format.rawValue).foreground(.secondary),
                // An empty form is shown as what it is, so it is not mistaken for a gap.
                text.isEmpty ? Text("(empty line)").dim().erased : Text(text).foreground(line.session?.phase(at: environment.now).color).wrapped().erased,
            ])
        }).erased
    }
}
