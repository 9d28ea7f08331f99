/// A frame as text with ANSI escape sequences, for a terminal, at a colour depth.
///
/// A style sequence is written only where the style visibly changes along a row (a space
/// between two bold cyan digits needs none), and every row
/// that changed the style ends with a reset, so a row printed on its own (or after a
/// crash) never bleeds colour into the next line.
public struct ANSIEncoder: Sendable {
    /// How many colours to use; ``ColorDepth/monochrome`` keeps attributes only.
    public var depth: ColorDepth
    /// What goes between rows: `\n` for a stream, `\r\n` for a terminal in raw mode.
    public var lineSeparator: String

    /// An encoder at `depth`.
    public init(depth: ColorDepth, lineSeparator: String = "\n") {
        self.depth = depth
        self.lineSeparator = lineSeparator
    }

    /// The frame's text with escapes.
    public func encode(_ frame: Frame) -> String {
        var writer = ByteWriter(capacity: frame.width * frame.height * 2)
        let width = frame.width
        frame.cells.withUnsafeBufferPointer { cells in
            for row in 0..<frame.height {
                encode(row: row, cells: cells[(row * width)..<(row * width + width)], frame, &writer)
            }
        }
        return writer.string
    }

    /// One row, with the style tracked from the terminal default.
    private func encode(row: Int, cells: Slice<UnsafeBufferPointer<Cell>>, _ frame: Frame, _ writer: inout ByteWriter) {
        if row > 0 { writer.append(lineSeparator) }
        var current = CellStyle.plain
        for cell in cells {
            let style = SelectGraphicRendition.visible(cell.style, depth: depth)
            let hidden =
                cell.code == 0x20 && SelectGraphicRendition.isInvisibleOnSpace(style)
                && SelectGraphicRendition.isInvisibleOnSpace(current)
            if style != current, !hidden {
                if SelectGraphicRendition.isDefault(style, depth: depth) {
                    SelectGraphicRendition.appendReset(to: &writer)
                } else {
                    SelectGraphicRendition.append(style, depth: depth, to: &writer)
                }
                current = style
            }
            writer.append(cell: cell, of: frame)
        }
        if current != .plain { SelectGraphicRendition.appendReset(to: &writer) }
    }
}
