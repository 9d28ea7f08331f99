/// The SGR escape sequences (`ESC [ … m`) that set a cell's look, shared by the
/// ``ANSIEncoder`` and the ``DiffRenderer`` so both draw a style identically.
///
/// Every change is written as a reset followed by the whole new style (`ESC[0;1;38;5;44m`):
/// one sequence, never a stale attribute left on from the previous cell.
enum SelectGraphicRendition {
    /// Appends the sequence that takes the terminal to `style` at `depth`.
    static func append(_ style: CellStyle, depth: ColorDepth, to writer: inout ByteWriter) {
        writer.append("\u{1B}[0")
        let attributes = style.attributes
        if attributes.contains(.bold) { writer.append(";1") }
        if attributes.contains(.dim) { writer.append(";2") }
        if attributes.contains(.italic) { writer.append(";3") }
        if attributes.contains(.underline) { writer.append(";4") }
        if attributes.contains(.inverse) { writer.append(";7") }
        if let foreground = style.foreground { appendColor(foreground, background: false, depth: depth, to: &writer) }
        if let background = style.background { appendColor(background, background: true, depth: depth, to: &writer) }
        writer.append(byte: UInt8(ascii: "m"))
    }

    /// Appends the reset sequence.
    static func appendReset(to writer: inout ByteWriter) {
        writer.append("\u{1B}[0m")
    }

    /// Whether `style` looks any different from the terminal's default at `depth`.
    static func isDefault(_ style: CellStyle, depth: ColorDepth) -> Bool {
        style.attributes.isEmpty && (depth == .monochrome || (style.foreground == nil && style.background == nil))
    }

    /// Whether a space drawn in `style` looks like a space in the default style: no
    /// background, no inverse, no underline. Encoders write such spaces without changing
    /// the style, which keeps the gaps between big digits from costing a sequence each.
    static func isInvisibleOnSpace(_ style: CellStyle) -> Bool {
        style.background == nil && !style.attributes.contains(.inverse) && !style.attributes.contains(.underline)
    }

    /// The style as it appears at `depth`: colours dropped when there are none, so two
    /// cells that differ only in colour need no sequence in monochrome.
    static func visible(_ style: CellStyle, depth: ColorDepth) -> CellStyle {
        depth == .monochrome ? CellStyle(attributes: style.attributes) : style
    }

    private static func appendColor(_ color: TerminalColor, background: Bool, depth: ColorDepth, to writer: inout ByteWriter) {
        switch depth {
        case .monochrome:
            return
        case .ansi16:
            let index = Int(color.index16)
            let base = background ? (index < 8 ? 40 : 100) : (index < 8 ? 30 : 90)
            writer.append(byte: UInt8(ascii: ";"))
            writer.append(number: base + index % 8)
        case .ansi256:
            writer.append(background ? ";48;5;" : ";38;5;")
            writer.append(number: Int(color.index256))
        case .trueColor:
            writer.append(background ? ";48;2;" : ";38;2;")
            writer.append(number: Int(color.red))
            writer.append(byte: UInt8(ascii: ";"))
            writer.append(number: Int(color.green))
            writer.append(byte: UInt8(ascii: ";"))
            writer.append(number: Int(color.blue))
        }
    }
}
