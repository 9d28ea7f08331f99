@testable import ShowcaseApp
import Rendering
import Testing

/// The grid of `variants`: tiles side by side, each row of a tile its full width, so the
/// next tile starts in the same column on every line.
struct VariantGridTests {
    static func tile(_ label: String, _ character: Character, width: Int) -> VariantGrid.Tile {
        var frame = Frame(width: width, height: 2)
        _ = frame.put(character, cells: 1, x: 0, y: 1, style: .plain)
        return VariantGrid.Tile(label: label, frame: frame)
    }

    @Test("plain tiles keep their blank columns, so the next tile lines up")
    func plainAlignment() {
        let grid = VariantGrid(tiles: [Self.tile("x", "a", width: 4), Self.tile("y", "b", width: 2)], format: .plain, columns: 80)
        #expect(grid.lines() == ["x      y", "", "a      b"])
    }

    @Test("tiles wrap to a new row, after a blank line, when the next would pass the columns")
    func wrapping() {
        let grid = VariantGrid(tiles: [Self.tile("x", "a", width: 4), Self.tile("y", "b", width: 4)], format: .plain, columns: 10)
        #expect(grid.lines() == ["x", "", "a", "", "y", "", "b"])
    }

    @Test("ANSI tiles are encoded as OutputFormat encodes the frame")
    func ansi() {
        let tile = Self.tile("x", "a", width: 4)
        let grid = VariantGrid(tiles: [tile], format: .ansi(.ansi256), columns: 80)
        let rows = OutputFormat.ansi(.ansi256).encode(tile.frame).split(separator: "\n").map(String.init)
        #expect(grid.lines() == ["x"] + rows.map { $0.trimmingTrailingSpaces() })
    }
}
