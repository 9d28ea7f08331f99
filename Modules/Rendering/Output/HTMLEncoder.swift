/// A frame as an HTML `<pre>` block, for the showcase's export: each run of cells in one
/// style is a `<span>` with inline CSS, so the file needs no stylesheet and looks the same
/// in any browser or mail client.
///
/// `&`, `<`, `>` and `"` are escaped; continuation cells are skipped (a wide glyph already
/// takes two columns in a monospace font). Colours are always 24-bit here.
public struct HTMLEncoder: Sendable {
    /// The page colours the frame sits on, and the colour of text with no colour of its own.
    public var palette: Palette

    /// An encoder for frames drawn with `palette`.
    public init(palette: Palette) {
        self.palette = palette
    }

    /// The `<pre>` element.
    public func encode(_ frame: Frame) -> String {
        var writer = ByteWriter(capacity: frame.width * frame.height * 2)
        writer.append("<pre class=\"moments-frame\" style=\"background:")
        writer.append(palette.pageBackground.hex)
        writer.append(";color:")
        writer.append(palette.pageForeground.hex)
        writer.append(";line-height:1.2\">")
        for row in 0..<frame.height {
            if row > 0 { writer.append("\n") }
            var current = CellStyle.plain
            var open = false
            for column in 0..<frame.width {
                let cell = frame[column, row]
                if cell.isContinuation { continue }
                if cell.style != current {
                    if open { writer.append("</span>") }
                    open = cell.style != .plain
                    if open { openSpan(cell.style, &writer) }
                    current = cell.style
                }
                appendEscaped(cell, of: frame, &writer)
            }
            if open { writer.append("</span>") }
        }
        writer.append("</pre>")
        return writer.string
    }

    private func openSpan(_ style: CellStyle, _ writer: inout ByteWriter) {
        var foreground = style.foreground
        var background = style.background
        if style.attributes.contains(.inverse) {
            (foreground, background) = (background ?? palette.pageBackground, foreground ?? palette.pageForeground)
        }
        var declarations: [String] = []
        if let foreground { declarations.append("color:" + foreground.hex) }
        if let background { declarations.append("background:" + background.hex) }
        if style.attributes.contains(.bold) { declarations.append("font-weight:bold") }
        if style.attributes.contains(.dim) { declarations.append("opacity:0.6") }
        if style.attributes.contains(.italic) { declarations.append("font-style:italic") }
        if style.attributes.contains(.underline) { declarations.append("text-decoration:underline") }
        writer.append("<span style=\"")
        writer.append(declarations.joined(separator: ";"))
        writer.append("\">")
    }

    private func appendEscaped(_ cell: Cell, of frame: Frame, _ writer: inout ByteWriter) {
        switch cell.code {
        case 0x26: writer.append("&amp;")
        case 0x3C: writer.append("&lt;")
        case 0x3E: writer.append("&gt;")
        case 0x22: writer.append("&quot;")
        default:
            guard cell.code >= Cell.clusterBase, !cell.isContinuation else {
                writer.append(cell: cell, of: frame)
                return
            }
            // A cluster may start with `<` or `&` and carry combining marks.
            for scalar in frame.text(of: cell).unicodeScalars {
                switch scalar {
                case "&": writer.append("&amp;")
                case "<": writer.append("&lt;")
                case ">": writer.append("&gt;")
                case "\"": writer.append("&quot;")
                default: writer.append(scalar: scalar.value)
                }
            }
        }
    }
}
