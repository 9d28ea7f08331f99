/// The resolved look of one cell: concrete colours and attributes, ready for an encoder.
///
/// Views speak in semantic roles (``TextStyle``); the environment's palette turns them
/// into this when they are drawn, so a frame is the same whatever encoder reads it.
/// `nil` colours mean the terminal's own default foreground or background.
public struct CellStyle: Hashable, Sendable {
    /// The text colour, or `nil` for the terminal's default.
    public var foreground: TerminalColor?
    /// The cell's background, or `nil` for the terminal's default.
    public var background: TerminalColor?
    /// Bold, dim, italic, underline, inverse.
    public var attributes: TextAttributes

    /// A style; the default is the terminal's own, with no attribute.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look: what a blank cell has.
    public static let plain = CellStyle()
}
