/// A view with a layout priority: stacks offer space to higher priorities first.
public struct LayoutPriority: View {
    /// The priority; the default of every other view is 0.
    public let priority: Int
    /// The view.
    public let content: AnyView

    /// `content` at `priority`.
    public init(_ priority: Int, _ content: any View) {
        self.priority = priority
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        content.size(for: proposal, in: environment)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        content.render(into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { priority }
}
