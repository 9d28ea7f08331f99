/// How large ``BigDigits`` draws a time. Every size comes from one 3 × 5 pixel font, with
/// pixels kept roughly square (a terminal cell is about twice as tall as it is wide).
public enum DigitSize: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// Half-block pixels, one column by half a row: a digit is 3 × 3 cells.
    case small
    /// Two columns by one row per pixel: a digit is 6 × 5 cells.
    case medium
    /// Four columns by two rows: a digit is 12 × 10 cells.
    case large
    /// Six columns by three rows: a digit is 18 × 15 cells.
    case extraLarge

    public static func < (lhs: DigitSize, rhs: DigitSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Columns per pixel.
    var columnsPerPixel: Int { [1, 2, 4, 6][rawValue] }

    /// Rows the 5-pixel-high font takes.
    var rows: Int { [3, 5, 10, 15][rawValue] }
}
