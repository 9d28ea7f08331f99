/// Children drawn over each other, later ones on top, each aligned in the stack: for a
/// background drawn beneath content, or a badge over a corner.
public struct ZStack: View {
    /// Where smaller children sit.
    public let alignment: Alignment
    /// The layers, bottom first.
    public let children: [AnyView]

    /// Layers of `children`.
    public init(alignment: Alignment = .center, _ children: [any View]) {
        self.alignment = alignment
        self.children = children.map(AnyView.init)
    }

    /// Layers of the listed children.
    public init(alignment: Alignment = .center, _ children: any View...) {
        self.init(alignment: alignment, children)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        children.reduce(Size.zero) { size, child in
            let childSize = child.size(for: proposal, in: environment)
            return Size(width: max(size.width, childSize.width), height: max(size.height, childSize.height))
        }
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let space = canvas.size
        for child in children {
            let size = child.size(for: space, in: environment)
            let fitted = Size(width: min(size.width, space.width), height: min(size.height, space.height))
            canvas.draw(child, in: Rect(origin: alignment.origin(of: fitted, in: space), size: fitted), environment: environment)
        }
    }
}
