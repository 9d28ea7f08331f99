/// A size in terminal cells. Proposals and answers are both sizes: a parent offers one,
/// a child answers with what it uses.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size; negative values are kept, and clamped where a frame is made.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No space at all.
    public static let zero = Size(width: 0, height: 0)

    /// Whether this fits inside `other` on both axes.
    public func fits(in other: Size) -> Bool { width <= other.width && height <= other.height }

    public var description: String { "\(width)x\(height)" }
}

/// A cell position: column `x` from the left, row `y` from the top.
public struct Point: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int

    /// A point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    /// The top-left cell.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// A rectangle at (`x`, `y`) of `width` × `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The first column.
    public var minX: Int { origin.x }
    /// The first row.
    public var minY: Int { origin.y }
    /// One past the last column.
    public var maxX: Int { origin.x + max(0, size.width) }
    /// One past the last row.
    public var maxY: Int { origin.y + max(0, size.height) }
    /// Whether it holds no cell.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The cells both rectangles hold.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

/// Space inside the edges of a view, in cells.
public struct EdgeInsets: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns to the left.
    public var leading: Int
    /// Rows below.
    public var bottom: Int
    /// Columns to the right.
    public var trailing: Int

    /// Insets per edge.
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all: Int) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    /// `horizontal` columns left and right, `vertical` rows above and below.
    public init(horizontal: Int, vertical: Int) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// Columns taken on both sides.
    public var horizontal: Int { leading + trailing }
    /// Rows taken above and below.
    public var vertical: Int { top + bottom }
}
