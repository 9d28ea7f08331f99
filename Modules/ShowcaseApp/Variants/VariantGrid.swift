import Fixtures
import Rendering

/// Frames laid side by side under their labels, wrapped to a number of columns: the
/// variants mode of Xcode's canvas, in a terminal.
struct VariantGrid {
    /// One labelled frame.
    struct Tile {
        let label: String
        let frame: Frame
    }

    /// Columns between tiles.
    static let gap = 3

    let tiles: [Tile]
    let format: OutputFormat
    let columns: Int

    /// The grid as lines: tiles fill a row until the next would pass `columns`, then a
    /// new row starts after a blank line. Each tile is as wide as its frame or label.
    func lines() -> [String] {
        var rows: [[Tile]] = [[]]
        var used = 0
        for tile in tiles {
            let width = Self.width(of: tile)
            if !rows[rows.count - 1].isEmpty, used + Self.gap + width > columns {
                rows.append([])
                used = 0
            }
            used += (rows[rows.count - 1].isEmpty ? 0 : Self.gap) + width
            rows[rows.count - 1].append(tile)
        }
        var lines: [String] = []
        for (index, row) in rows.enumerated() where !row.isEmpty {
            if index > 0 { lines.append("") }
            let height = row.map(\.frame.height).max() ?? 0
            let blocks = row.map { block($0, height: height) }
            for line in 0...height {
                lines.append(blocks.map { $0[line] }.joined(separator: String(repeating: " ", count: Self.gap)))
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// A tile's lines, all of its width: the label, then the frame's rows, then blank rows.
    private func block(_ tile: Tile, height: Int) -> [String] {
        let width = Self.width(of: tile)
        let label = tile.label + String(repeating: " ", count: width - GraphemeWidth.width(of: tile.label))
        let rows = encodedRows(tile.frame).map { $0 + String(repeating: " ", count: width - tile.frame.width) }
        let blank = String(repeating: " ", count: width)
        return [label] + rows + Array(repeating: blank, count: height - tile.frame.height)
    }

    /// The frame's rows in the output format, each exactly the frame's width on screen.
    private func encodedRows(_ frame: Frame) -> [String] {
        guard frame.height > 0 else { return [] }
        return format.encode(frame, trimsTrailingSpaces: false)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func width(of tile: Tile) -> Int {
        max(tile.frame.width, GraphemeWidth.width(of: tile.label))
    }
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
