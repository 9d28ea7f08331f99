/// A terminal's size in cells, as the kernel reports it: the layer's own value, so the
/// terminal layer needs no view toolkit (the live app turns it into a frame's size).
public struct TerminalSize: Hashable, Sendable {
    /// Cells across.
    public var columns: Int
    /// Rows down.
    public var rows: Int

    /// A size of `columns` by `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
