/// Children side by side, left to right, with `spacing` columns between them.
///
/// Space is shared by `StackLayout`'s rules: priority first, then the least flexible
/// child, spacers last; the stack is as tall as its tallest child.
public struct HStack: View {
    /// How shorter children sit in the stack's height.
    public let alignment: VerticalAlignment
    /// Columns between neighbours.
    public let spacing: Int
    /// The children, in order; empty views are left out.
    public let children: [AnyView]
    private let spacers: [Int?]

    /// A row of `children`.
    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, _ children: [any View]) {
        self.alignment = alignment
        self.spacing = spacing
        self.children = children.map(AnyView.init).filter { !($0.base is EmptyView) }
        spacers = StackLayout.spacerLengths(self.children)
    }

    /// A row of the listed children.
    public init(alignment: VerticalAlignment = .center, spacing: Int = 1, _ children: any View...) {
        self.init(alignment: alignment, spacing: spacing, children)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let sizes = StackLayout.sizes(of: children, spacers: spacers, axis: .horizontal, spacing: spacing, proposal: proposal, environment: environment)
        return StackLayout.total(sizes, axis: .horizontal, spacing: spacing)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let sizes = StackLayout.sizes(
            of: children, spacers: spacers, axis: .horizontal, spacing: spacing, proposal: canvas.size, environment: environment)
        let height = canvas.size.height
        var x = 0
        for (child, size) in zip(children, sizes) {
            let childHeight = min(size.height, height)
            let y = alignment.offset(content: childHeight, in: height)
            canvas.draw(child, in: Rect(x: x, y: y, width: size.width, height: childHeight), environment: environment)
            x += size.width + spacing
        }
    }
}
