/// The character attributes a terminal draws: the styles `NO_COLOR` keeps.
///
/// `NO_COLOR` asks for no colour, not for no emphasis, so bold and dim survive it; only
/// plain output (`TERM=dumb`, a pipe) drops them too.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// An attribute set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Heavier strokes: SGR 1.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Fainter: SGR 2. Used for secondary text and hints.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Slanted: SGR 3 (some terminals show it as inverse or not at all).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined: SGR 4.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped: SGR 7. Marks a selection without colour.
    public static let inverse = TextAttributes(rawValue: 1 << 4)
}
