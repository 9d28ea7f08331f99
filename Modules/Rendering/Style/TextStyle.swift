/// How a view wants its text to look, in semantic terms: attributes plus colour roles.
/// Resolved against the environment's palette into a ``CellStyle`` when drawn.
public struct TextStyle: Hashable, Sendable {
    /// Bold, dim, italic, underline, inverse.
    public var attributes: TextAttributes
    /// The text colour's role, or `nil` for the terminal's default.
    public var foreground: SemanticColor?
    /// The background's role, or `nil` for the terminal's default.
    public var background: SemanticColor?

    /// A style; the default is plain body text.
    public init(attributes: TextAttributes = [], foreground: SemanticColor? = nil, background: SemanticColor? = nil) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// Plain body text.
    public static let plain = TextStyle()

    /// The concrete style for `palette`.
    public func resolved(in palette: Palette) -> CellStyle {
        CellStyle(
            foreground: foreground.flatMap { palette.color(for: $0) },
            background: background.flatMap { palette.color(for: $0) },
            attributes: attributes)
    }
}
