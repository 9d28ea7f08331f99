/// A view given an exact width, height or both, whatever it would take itself: the child
/// is offered that size and aligned inside it.
public struct FixedFrame: View {
    /// The width, or `nil` to keep the child's.
    public let width: Int?
    /// The height, or `nil` to keep the child's.
    public let height: Int?
    /// Where the child sits when it is smaller.
    public let alignment: Alignment
    /// The framed view.
    public let content: AnyView

    /// `content` in a frame of `width` × `height`.
    public init(width: Int?, height: Int?, alignment: Alignment = .center, _ content: any View) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
        self.alignment = alignment
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let offer = Size(width: width ?? proposal.width, height: height ?? proposal.height)
        let child = (width == nil || height == nil) ? content.size(for: offer, in: environment) : offer
        return Size(width: width ?? child.width, height: height ?? child.height)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        FrameAlignment.draw(content, alignment: alignment, into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }
}

/// A view that grows or shrinks between bounds: `maxWidth: .max` fills the offered width,
/// `minHeight: 3` keeps three rows even for a shorter child.
public struct FlexibleFrame: View {
    /// The fewest columns, or `nil`.
    public let minWidth: Int?
    /// The most columns (`.max` to fill the offer), or `nil` to keep the child's width.
    public let maxWidth: Int?
    /// The fewest rows, or `nil`.
    public let minHeight: Int?
    /// The most rows (`.max` to fill the offer), or `nil` to keep the child's height.
    public let maxHeight: Int?
    /// Where the child sits when it is smaller.
    public let alignment: Alignment
    /// The framed view.
    public let content: AnyView

    /// `content` in a frame between the bounds.
    public init(
        minWidth: Int? = nil, maxWidth: Int? = nil, minHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .center, _ content: any View
    ) {
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let offer = Size(
            width: Self.clamp(proposal.width, minWidth, maxWidth),
            height: Self.clamp(proposal.height, minHeight, maxHeight))
        let child = content.size(for: offer, in: environment)
        return Size(
            width: Self.resolve(child.width, proposal.width, minWidth, maxWidth),
            height: Self.resolve(child.height, proposal.height, minHeight, maxHeight))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        FrameAlignment.draw(content, alignment: alignment, into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }

    private static func clamp(_ value: Int, _ low: Int?, _ high: Int?) -> Int {
        var result = value
        if let high { result = min(result, high) }
        if let low { result = max(result, low) }
        return result
    }

    /// SwiftUI's rule: with a maximum, the frame grows to the offer (up to the maximum)
    /// even if the child is smaller; with only a minimum, it grows to the minimum.
    private static func resolve(_ child: Int, _ offered: Int, _ low: Int?, _ high: Int?) -> Int {
        var result = child
        if let high { result = min(max(child, min(offered, high)), high) }
        if let low { result = max(result, low) }
        return result
    }
}

/// Places a frame's child at its own size inside the frame, by alignment.
enum FrameAlignment {
    static func draw(_ content: AnyView, alignment: Alignment, into canvas: inout Canvas, environment: ViewEnvironment) {
        let space = canvas.size
        let size = content.size(for: space, in: environment)
        let fitted = Size(width: min(size.width, space.width), height: min(size.height, space.height))
        canvas.draw(content, in: Rect(origin: alignment.origin(of: fitted, in: space), size: fitted), environment: environment)
    }
}
