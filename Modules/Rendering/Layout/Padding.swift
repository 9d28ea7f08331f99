/// Space around a view: the child is offered the proposal less the insets and drawn
/// inside them. When the offer is smaller than the insets the child gets nothing.
public struct Padding: View {
    /// The space on each edge.
    public let insets: EdgeInsets
    /// The padded view.
    public let content: AnyView

    /// `content` inside `insets`.
    public init(_ insets: EdgeInsets, _ content: any View) {
        self.insets = insets
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let inner = Size(
            width: max(0, proposal.width - insets.horizontal), height: max(0, proposal.height - insets.vertical))
        let size = content.size(for: inner, in: environment)
        return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let rect = Rect(
            x: insets.leading, y: insets.top,
            width: canvas.size.width - insets.horizontal, height: canvas.size.height - insets.vertical)
        canvas.draw(content, in: rect, environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }
}
