/// Children one above the other, with `spacing` rows between them.
///
/// Space is shared by `StackLayout`'s rules: priority first, then the least flexible
/// child, spacers last; the stack is as wide as its widest child.
public struct VStack: View {
    /// How narrower children sit in the stack's width.
    public let alignment: HorizontalAlignment
    /// Rows between neighbours.
    public let spacing: Int
    /// The children, in order; empty views are left out.
    public let children: [AnyView]
    private let spacers: [Int?]

    /// A column of `children`.
    public init(alignment: HorizontalAlignment = .leading, spacing: Int = 0, _ children: [any View]) {
        self.alignment = alignment
        self.spacing = spacing
        self.children = children.map(AnyView.init).filter { !($0.base is EmptyView) }
        spacers = StackLayout.spacerLengths(self.children)
    }

    /// A column of the listed children.
    public init(alignment: HorizontalAlignment = .leading, spacing: Int = 0, _ children: any View...) {
        self.init(alignment: alignment, spacing: spacing, children)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let sizes = StackLayout.sizes(of: children, spacers: spacers, axis: .vertical, spacing: spacing, proposal: proposal, environment: environment)
        return StackLayout.total(sizes, axis: .vertical, spacing: spacing)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let sizes = StackLayout.sizes(
            of: children, spacers: spacers, axis: .vertical, spacing: spacing, proposal: canvas.size, environment: environment)
        let width = canvas.size.width
        var y = 0
        for (child, size) in zip(children, sizes) {
            let childWidth = min(size.width, width)
            let x = alignment.offset(content: childWidth, in: width)
            canvas.draw(child, in: Rect(x: x, y: y, width: childWidth, height: size.height), environment: environment)
            y += size.height + spacing
        }
    }
}
