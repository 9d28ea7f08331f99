/// A subtree with a changed environment: a dark panel inside a light screen, a preview at
/// an accessibility size.
public struct EnvironmentTransform: View {
    /// Changes the environment for the content.
    public let transform: @Sendable (inout ViewEnvironment) -> Void
    /// The subtree.
    public let content: AnyView

    /// `content` with `transform` applied to its environment.
    public init(_ transform: @escaping @Sendable (inout ViewEnvironment) -> Void, _ content: any View) {
        self.transform = transform
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        content.size(for: proposal, in: changed(environment))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        content.render(into: &canvas, environment: changed(environment))
    }

    public var layoutPriority: Int { content.layoutPriority }

    private func changed(_ environment: ViewEnvironment) -> ViewEnvironment {
        var copy = environment
        transform(&copy)
        return copy
    }
}
