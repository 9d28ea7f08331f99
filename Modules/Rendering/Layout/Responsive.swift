/// A view built from the size it is given: it takes the whole offer and asks `content`
/// what to show in it, like SwiftUI's `GeometryReader`.
///
/// Screens and Live Activity presentations use it to choose a layout by arithmetic when
/// trying alternatives one by one (``ViewThatFits``) would be clumsy.
public struct Responsive: View {
    /// Builds the content for the offered size and environment.
    public let content: @Sendable (Size, ViewEnvironment) -> AnyView

    /// A view whose content depends on its size.
    public init(_ content: @escaping @Sendable (Size, ViewEnvironment) -> AnyView) {
        self.content = content
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        Size(width: max(0, proposal.width), height: max(0, proposal.height))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let body = content(canvas.size, environment)
        canvas.draw(body, in: Rect(origin: Point(x: 0, y: 0), size: canvas.size), environment: environment)
    }
}
