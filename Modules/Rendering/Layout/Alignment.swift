/// Where a narrower child sits across a wider space.
public enum HorizontalAlignment: Hashable, Sendable {
    /// Against the left edge (the reading start in the scripts the app ships in).
    case leading
    /// In the middle, with any odd cell to the right.
    case center
    /// Against the right edge.
    case trailing

    /// The offset of `content` columns inside `space` columns.
    public func offset(content: Int, in space: Int) -> Int {
        switch self {
        case .leading: return 0
        case .center: return max(0, (space - content) / 2)
        case .trailing: return max(0, space - content)
        }
    }
}

/// Where a shorter child sits across a taller space.
public enum VerticalAlignment: Hashable, Sendable {
    /// Against the top.
    case top
    /// In the middle, with any odd row below.
    case center
    /// Against the bottom.
    case bottom

    /// The offset of `content` rows inside `space` rows.
    public func offset(content: Int, in space: Int) -> Int {
        switch self {
        case .top: return 0
        case .center: return max(0, (space - content) / 2)
        case .bottom: return max(0, space - content)
        }
    }
}

/// A horizontal and a vertical alignment together, for frames and overlays.
public struct Alignment: Hashable, Sendable {
    /// Across the width.
    public var horizontal: HorizontalAlignment
    /// Across the height.
    public var vertical: VerticalAlignment

    /// An alignment.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Top left.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top, centred across.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Top right.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Left, centred down.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Right, centred down.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Bottom left.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom, centred across.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)

    /// Where `content` sits inside `space`.
    public func origin(of content: Size, in space: Size) -> Point {
        Point(
            x: horizontal.offset(content: content.width, in: space.width),
            y: vertical.offset(content: content.height, in: space.height))
    }
}
