/// A grid of styled cells: what a view draws and every encoder reads.
///
/// A frame is a value. The live app and the showcase render the same view with the same
/// environment into equal frames (`==`), then choose an encoder: plain text, ANSI, HTML,
/// or the ``DiffRenderer`` between two frames. A wide cluster occupies its cell and a
/// continuation cell to its right; writing over either half clears the other, so the grid
/// never holds half a character.
public struct Frame: Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major cells.
    @usableFromInline var cells: [Cell]
    /// Clusters of more than one scalar, referred to by cells.
    @usableFromInline var clusters: [String] = []
    private var clusterIndex: [String: UInt32] = [:]
    /// What a screen reader says of the regions drawn in glyphs rather than words, in the
    /// order they were drawn: big digits as the time they show, a bar as its percentage
    /// (``speak(_:over:)``). The transcript (``TranscriptEncoder``) reads them in place of
    /// their cells; the cells' comparison (`==`) does not look at them.
    public private(set) var spoken: [Spoken] = []

    /// A region of the frame and the words that stand for it.
    public struct Spoken: Hashable, Sendable {
        /// The cells, in the frame's coordinates.
        public let rect: Rect
        /// The words.
        public let text: String
    }

    /// A blank frame of `width` × `height` cells (negative sizes count as zero).
    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// The cluster a cell shows: `""` for a continuation cell.
    public func text(of cell: Cell) -> String {
        if cell.isContinuation { return "" }
        if cell.code >= Cell.clusterBase { return clusters[Int(cell.code - Cell.clusterBase)] }
        return String(Character(Unicode.Scalar(cell.code) ?? "\u{FFFD}"))
    }

    /// Writes one cluster of `cells` (1 or 2) columns at (`x`, `y`) and answers whether it
    /// fitted. Nothing is written outside the grid, and a two-cell cluster that would
    /// hang over the right edge is not written at all. Callers pass clean characters:
    /// ``Canvas`` sanitises and measures them.
    @discardableResult
    public mutating func put(_ character: Character, cells span: Int, x: Int, y: Int, style: CellStyle) -> Bool {
        guard span >= 1, span <= 2, y >= 0, y < height, x >= 0, x + span <= width else { return false }
        put(code: code(for: character), cells: span, x: x, y: y, style: style)
        return true
    }

    /// Writes a cluster already turned into a cell code (``code(for:)``), inside the grid.
    /// The canvas uses this to write a repeated or pre-measured cluster without looking at
    /// its scalars again.
    mutating func put(code: UInt32, cells span: Int, x: Int, y: Int, style: CellStyle) {
        let index = y * width + x
        clearOverlap(at: index, x: x)
        if span == 2 { clearOverlap(at: index + 1, x: x + 1) }
        cells[index] = Cell(code: code, style: style)
        if span == 2 { cells[index + 1] = Cell(code: Cell.continuationCode, style: style) }
    }

    /// Says `text` of the cells in `rect`, for the transcript (``spoken``).
    public mutating func speak(_ text: String, over rect: Rect) {
        guard !rect.isEmpty, !text.isEmpty else { return }
        spoken.append(Spoken(rect: rect, text: text))
    }

    /// Sets the style of every cell in a rectangle to `style`, blanking what they showed.
    public mutating func fill(x: Int, y: Int, width fillWidth: Int, height fillHeight: Int, style: CellStyle) {
        let left = max(0, x)
        let right = min(width, x + fillWidth)
        let top = max(0, y)
        let bottom = min(height, y + fillHeight)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            clearOverlap(at: row * width + left, x: left)
            if right < width { clearOverlap(at: row * width + right, x: right) }
            for column in left..<right { cells[row * width + column] = .blank(style) }
        }
    }

    /// Each row as plain text: continuation cells skipped, styles ignored.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = self[column, row]
                if cell.code < 0x80 {
                    line.unicodeScalars.append(Unicode.Scalar(UInt8(cell.code)))
                } else {
                    line += text(of: cell)
                }
            }
            return line
        }
    }

    /// If the cell at `index` is half of a wide cluster, blanks the other half, keeping
    /// its style, so that overwriting one half never leaves the other behind.
    private mutating func clearOverlap(at index: Int, x: Int) {
        if cells[index].code == Cell.continuationCode, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }

    /// The cell code of a cluster: its scalar value, or its index in the cluster table.
    mutating func code(for character: Character) -> UInt32 {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return first.value
        }
        let text = String(character)
        if let known = clusterIndex[text] { return Cell.clusterBase + known }
        let index = UInt32(clusters.count)
        clusters.append(text)
        clusterIndex[text] = index
        return Cell.clusterBase + index
    }
}

extension Frame: Equatable {
    /// Two frames are equal when they show the same clusters in the same styles, however
    /// their cluster tables happen to be numbered.
    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        for index in lhs.cells.indices where !lhs.sameCell(index, as: rhs) { return false }
        return true
    }

    /// Whether cell `index` looks the same in `other`.
    @inlinable
    func sameCell(_ index: Int, as other: Frame) -> Bool {
        let mine = cells[index]
        let theirs = other.cells[index]
        guard mine.style == theirs.style else { return false }
        if mine.code < Cell.clusterBase || theirs.code < Cell.clusterBase || mine.isContinuation
            || theirs.isContinuation
        {
            return mine.code == theirs.code
        }
        return text(of: mine) == other.text(of: theirs)
    }
}
