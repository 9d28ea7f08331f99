/// The colours of one colour scheme, by role.
///
/// Primary text keeps the terminal's default foreground in both schemes: it is the one
/// colour the person already chose to read. Every other role has an RGB value for
/// true colour and HTML and a hand-picked ANSI colour for 16-colour terminals.
public struct Palette: Hashable, Sendable {
    /// The scheme these colours are for.
    public let scheme: ColorScheme
    /// The page background an exported frame sits on (HTML only; a terminal keeps its own).
    public let pageBackground: TerminalColor
    /// The default text colour of an exported frame (HTML only).
    public let pageForeground: TerminalColor
    private let colors: [SemanticColor: TerminalColor]

    private init(
        scheme: ColorScheme, pageBackground: TerminalColor, pageForeground: TerminalColor,
        colors: [SemanticColor: TerminalColor]
    ) {
        self.scheme = scheme
        self.pageBackground = pageBackground
        self.pageForeground = pageForeground
        self.colors = colors
    }

    /// The colour for a role, or `nil` where the role means "the terminal's default".
    public func color(for role: SemanticColor) -> TerminalColor? {
        colors[role]
    }

    /// The palette for a scheme.
    public static func standard(for scheme: ColorScheme) -> Palette {
        scheme == .dark ? dark : light
    }

    /// Light text on a dark terminal.
    public static let dark = Palette(
        scheme: .dark,
        pageBackground: TerminalColor(0x1C1C1E, ansi16: 0),
        pageForeground: TerminalColor(0xE6E1D6, ansi16: 7),
        colors: [
            .secondary: TerminalColor(0x9A9A9A, ansi16: 8),
            .accent: TerminalColor(0x5FD7C8, ansi16: 14),
            .success: TerminalColor(0x87D787, ansi16: 10),
            .warning: TerminalColor(0xF0C060, ansi16: 11),
            .danger: TerminalColor(0xFF8787, ansi16: 9),
            .border: TerminalColor(0x5A5A5A, ansi16: 8),
            .track: TerminalColor(0x3A3A3A, ansi16: 8),
            .heat1: TerminalColor(0x1E4D47, ansi16: 6),
            .heat2: TerminalColor(0x2E7D73, ansi16: 6),
            .heat3: TerminalColor(0x45B3A5, ansi16: 14),
            .heat4: TerminalColor(0x6FF0DE, ansi16: 14),
            .surface: TerminalColor(0x26262A, ansi16: 0),
        ])

    /// Dark text on a light terminal.
    public static let light = Palette(
        scheme: .light,
        pageBackground: TerminalColor(0xFAFAF7, ansi16: 15),
        pageForeground: TerminalColor(0x1C1C1E, ansi16: 0),
        colors: [
            .secondary: TerminalColor(0x6B6B6B, ansi16: 8),
            .accent: TerminalColor(0x007A70, ansi16: 6),
            .success: TerminalColor(0x2E7D32, ansi16: 2),
            .warning: TerminalColor(0x9A6700, ansi16: 3),
            .danger: TerminalColor(0xC62828, ansi16: 1),
            .border: TerminalColor(0xA8A8A8, ansi16: 8),
            .track: TerminalColor(0xD6D6D6, ansi16: 7),
            .heat1: TerminalColor(0xB8E6E0, ansi16: 6),
            .heat2: TerminalColor(0x7FCFC4, ansi16: 6),
            .heat3: TerminalColor(0x3AA396, ansi16: 6),
            .heat4: TerminalColor(0x007A70, ansi16: 6),
            .surface: TerminalColor(0xEFEFEA, ansi16: 7),
        ])
}
