/// A frame as plain text: no escape sequence, no colour, no attribute. For pipes, files,
/// `TERM=dumb`, snapshots and anything a person or a script reads back.
public struct PlainEncoder: Sendable {
    /// What goes between rows.
    public var lineSeparator: String
    /// Whether spaces at the end of a row are dropped, so the text has no invisible tail
    /// (snapshots and pasted output stay clean).
    public var trimsTrailingSpaces: Bool

    /// An encoder; by default rows end with `\n` and trailing spaces are trimmed.
    public init(lineSeparator: String = "\n", trimsTrailingSpaces: Bool = true) {
        self.lineSeparator = lineSeparator
        self.trimsTrailingSpaces = trimsTrailingSpaces
    }

    /// The frame's text.
    public func encode(_ frame: Frame) -> String {
        var writer = ByteWriter(capacity: frame.width * frame.height + frame.height)
        let width = frame.width
        frame.cells.withUnsafeBufferPointer { cells in
            for row in 0..<frame.height {
                if row > 0 { writer.append(lineSeparator) }
                let start = row * width
                var end = start + width
                if trimsTrailingSpaces {
                    while end > start, cells[end - 1].code == 0x20 { end -= 1 }
                }
                for index in start..<end { writer.append(cell: cells[index], of: frame) }
            }
        }
        return writer.string
    }
}
