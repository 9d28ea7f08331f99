/// The form a frame takes on its way out: plain text or ANSI at some colour depth.
///
/// ``detect(environment:isTTY:)`` is a pure function of the environment variables and
/// whether the output is a terminal, so the decision is tested without a terminal and
/// the app reads the process environment in exactly one place (its composition root).
public enum OutputFormat: Hashable, Sendable {
    /// Text with no escape sequence at all: for pipes, files and `TERM=dumb`.
    case plain
    /// ANSI escape sequences at this colour depth; ``ColorDepth/monochrome`` still draws
    /// bold, dim, italic, underline and inverse.
    case ansi(ColorDepth)

    /// The format for an output, following the conventions terminals and tools share:
    /// 1. not a terminal, or `TERM=dumb`: ``plain``;
    /// 2. `NO_COLOR` set to any non-empty value: ANSI without colour (attributes kept),
    ///    as https://no-color.org asks;
    /// 3. `COLORTERM` is `truecolor` or `24bit`: true colour;
    /// 4. `TERM` has `256color` among its hyphenated parts (`xterm-256color`,
    ///    `screen-256color-bce`): 256 colours;
    /// 5. otherwise the 16 ANSI colours.
    public static func detect(environment: [String: String], isTTY: Bool) -> OutputFormat {
        guard isTTY else { return .plain }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .ansi(.monochrome) }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .ansi(.trueColor) }
        // Split on its hyphens rather than searched as text: `String.contains(_:)` is
        // _StringProcessing's, whose code a session would otherwise map for this alone (ADR 0048).
        if term.split(separator: "-").contains("256color") { return .ansi(.ansi256) }
        return .ansi(.ansi16)
    }

    /// The colour depth views should assume: none for plain text.
    public var colorDepth: ColorDepth {
        switch self {
        case .plain: return .monochrome
        case .ansi(let depth): return depth
        }
    }

    /// The frame encoded in this format, rows separated by `lineSeparator`.
    ///
    /// Plain text drops the spaces at a row's end (``PlainEncoder/trimsTrailingSpaces``)
    /// unless `trimsTrailingSpaces` is `false`: what a caller that sets frames side by
    /// side needs, so every row is the frame's width. ANSI rows always are.
    public func encode(_ frame: Frame, lineSeparator: String = "\n", trimsTrailingSpaces: Bool = true) -> String {
        switch self {
        case .plain:
            return PlainEncoder(lineSeparator: lineSeparator, trimsTrailingSpaces: trimsTrailingSpaces).encode(frame)
        case .ansi(let depth): return ANSIEncoder(depth: depth, lineSeparator: lineSeparator).encode(frame)
        }
    }
}
