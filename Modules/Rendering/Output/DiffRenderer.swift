/// The bytes that take a live terminal from one frame to the next, rewriting only what
/// changed: a running timer changes a digit and a cell of its bar each second, so a tick
/// costs a hundred bytes instead of a screenful.
///
/// For each row, changed cells are gathered into runs (two runs closer than a cursor move
/// costs are merged, rewriting the few unchanged cells between them), the cursor is moved
/// to each run (`ESC[row;colH`, or `ESC[nC` forward on the same row), and the run is
/// written with the styles it needs. A run never starts or ends in the middle of a wide
/// cluster. With no previous frame, or a previous frame of another size (the terminal was
/// resized), the screen is cleared and redrawn whole.
///
/// The terminal is assumed to be left as the previous update left it: every update ends
/// with the style reset, so the next one starts from the default style. Hiding the cursor
/// and using the alternate screen are the live app's business, not this renderer's.
public struct DiffRenderer: Sendable {
    /// The colour depth of the terminal.
    public var depth: ColorDepth

    /// Unchanged cells worth rewriting rather than moving the cursor over.
    static let mergeGap = 4

    /// A renderer for a terminal of `depth`.
    public init(depth: ColorDepth) {
        self.depth = depth
    }

    /// The bytes that turn a terminal showing `previous` (or an unknown screen, `nil`)
    /// into one showing `next`. Empty when nothing changed.
    public func update(from previous: Frame?, to next: Frame) -> String {
        var state = State(depth: depth)
        guard let previous, previous.width == next.width, previous.height == next.height else {
            state.writer.append("\u{1B}[0m\u{1B}[2J")
            for row in 0..<next.height where next.width > 0 {
                state.write(next, row: row, from: 0, to: next.width)
            }
            state.finish()
            return state.writer.string
        }
        for row in 0..<next.height where !sameRow(previous, next, row: row) {
            for run in changedRuns(previous, next, row: row) {
                state.write(next, row: row, from: run.lowerBound, to: run.upperBound)
            }
        }
        state.finish()
        return state.writer.string
    }

    /// Whether a row is unchanged, compared cell by cell as plain values: most rows of a
    /// tick are, and this is the loop that decides it for every cell of the screen.
    func sameRow(_ previous: Frame, _ next: Frame, row: Int) -> Bool {
        let columns = (row * next.width)..<(row * next.width + next.width)
        let identical = previous.cells.withUnsafeBufferPointer { old in
            next.cells.withUnsafeBufferPointer { new in
                columns.allSatisfy { old[$0] == new[$0] }
            }
        }
        guard identical else { return false }
        // Equal codes may still name different clusters in the two frames' tables.
        if next.clusters.isEmpty, previous.clusters.isEmpty { return true }
        return columns.allSatisfy { next.sameCell($0, as: previous) }
    }

    /// The column ranges of `row` to rewrite, merged across small gaps and widened so
    /// no range splits a wide cluster in either frame.
    func changedRuns(_ previous: Frame, _ next: Frame, row: Int) -> [Range<Int>] {
        let width = next.width
        let base = row * width
        var runs: [Range<Int>] = []
        var column = 0
        while column < width {
            guard !next.sameCell(base + column, as: previous) else {
                column += 1
                continue
            }
            var start = column
            var end = column + 1
            var quiet = 0
            var probe = end
            while probe < width, quiet < Self.mergeGap {
                if next.sameCell(base + probe, as: previous) {
                    quiet += 1
                } else {
                    quiet = 0
                    end = probe + 1
                }
                probe += 1
            }
            if start > 0, next[start, row].isContinuation || previous[start, row].isContinuation { start -= 1 }
            if end < width, next[end, row].isContinuation || previous[end, row].isContinuation { end += 1 }
            if let last = runs.last, last.upperBound >= start {
                runs[runs.count - 1] = last.lowerBound..<end
            } else {
                runs.append(start..<end)
            }
            column = end
        }
        return runs
    }

    /// The cursor and style the terminal is in while an update is written.
    private struct State {
        let depth: ColorDepth
        var writer = ByteWriter(capacity: 256)
        var style = CellStyle.plain
        var row = -1
        var column = -1

        init(depth: ColorDepth) { self.depth = depth }

        mutating func write(_ frame: Frame, row: Int, from start: Int, to end: Int) {
            move(row: row, column: start, width: frame.width)
            for column in start..<end {
                let cell = frame[column, row]
                if cell.isContinuation { continue }
                let visible = SelectGraphicRendition.visible(cell.style, depth: depth)
                let hidden =
                    cell.code == 0x20 && SelectGraphicRendition.isInvisibleOnSpace(visible)
                    && SelectGraphicRendition.isInvisibleOnSpace(style)
                if visible != style, !hidden {
                    if visible == .plain {
                        SelectGraphicRendition.appendReset(to: &writer)
                    } else {
                        SelectGraphicRendition.append(visible, depth: depth, to: &writer)
                    }
                    style = visible
                }
                writer.append(cell: cell, of: frame)
            }
            self.column = end
        }

        /// Moves the cursor to (`row`, `column`) by the shortest sequence it knows.
        mutating func move(row: Int, column: Int, width: Int) {
            if row == self.row, column == self.column { return }
            if row == self.row, column > self.column, self.column >= 0, self.column < width {
                writer.append("\u{1B}[")
                if column - self.column > 1 { writer.append(number: column - self.column) }
                writer.append(byte: UInt8(ascii: "C"))
            } else {
                writer.append("\u{1B}[")
                writer.append(number: row + 1)
                writer.append(byte: UInt8(ascii: ";"))
                writer.append(number: column + 1)
                writer.append(byte: UInt8(ascii: "H"))
            }
            self.row = row
            self.column = column
        }

        mutating func finish() {
            if style != .plain { SelectGraphicRendition.appendReset(to: &writer) }
        }
    }
}
