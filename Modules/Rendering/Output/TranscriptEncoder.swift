/// A frame as the linear text a screen reader would speak: row by row, top to bottom and
/// left to right (a terminal's reading order), with no box drawing, no block or shape
/// glyph, big digits read as the time they show and a bar as its percentage (the words
/// views said of them, ``Frame/spoken``), the pieces of a row that stand apart joined by
/// commas, and rows with nothing to say (empty, or only a chart's dots) left out.
///
/// It is what `moments-showcase render --transcript` prints, and snapshotted for every
/// scenario beside its styled text: two states that differ only by colour have the same
/// transcript, which a test of the catalog refuses.
public struct TranscriptEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The frame's transcript, one line per row that says anything.
    public func encode(_ frame: Frame) -> String {
        var rows = (0..<frame.height).map { row in
            (0..<frame.width).map { column -> String in
                let cell = frame[column, row]
                return cell.isContinuation ? "" : Self.spokenText(of: frame.text(of: cell))
            }
        }
        // A region said in words: its cells are silent, its words stand at its first cell,
        // unless what was drawn there since covers all of it (a panel drawn over digits).
        for spoken in frame.spoken {
            let rect = spoken.rect
            let cells = (rect.minY..<rect.maxY).flatMap { row in (rect.minX..<rect.maxX).map { (row, $0) } }
            guard cells.contains(where: { Self.isGlyph(frame.text(of: frame[$0.1, $0.0])) }) else { continue }
            // Its glyphs are silent; words drawn over part of it are still read.
            for (row, column) in cells where Self.isGlyph(frame.text(of: frame[column, row])) { rows[row][column] = "" }
            rows[rect.minY][rect.minX] = " " + spoken.text + " " + rows[rect.minY][rect.minX]
        }
        return rows.compactMap(Self.line).joined(separator: "\n")
    }

    /// A row's pieces (runs of text apart by two spaces or more) joined by commas; `nil`
    /// for a row with nothing to say.
    static func line(_ cells: [String]) -> String? {
        let text = cells.joined()
        var pieces: [String] = []
        for piece in text.split(separator: "  ") {
            let trimmed = String(piece).trimmingSpaces
            // Nothing to say, or only the dots a chart or heat map draws for an empty day.
            guard trimmed.contains(where: { $0 != " " && $0 != "·" }) else { continue }
            // A bar's percentage beside the same number written out is said once.
            if let last = pieces.last, last == trimmed + " done" { continue }
            pieces.append(trimmed)
        }
        return pieces.isEmpty ? nil : pieces.joined(separator: ", ")
    }

    /// What a cell says: its text, or a space for a glyph drawn to be seen, not read.
    static func spokenText(of text: String) -> String {
        isGlyph(text) ? " " : text
    }

    /// Box drawing, block elements, geometric shapes (a phase's mark, a ring, a presence
    /// dot), the double bar of a pause and the check and cross of an end: read aloud, each
    /// is a name (`black right-pointing small triangle`), not a word of the screen.
    static func isGlyph(_ text: String) -> Bool {
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return false }
        switch scalar.value {
        case 0x2500...0x25FF, 0x2800...0x28FF, 0x2016, 0x2713...0x2718: return true
        default: return false
        }
    }
}

extension String {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
