/// A view drawn on a background of a colour role, filling the region it is given.
/// Invisible in plain output and monochrome, so nothing may depend on it being seen.
public struct Background: View {
    /// The background's role.
    public let role: SemanticColor
    /// The view on top.
    public let content: AnyView

    /// `content` on `role`.
    public init(_ role: SemanticColor, _ content: any View) {
        self.role = role
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        content.size(for: proposal, in: environment)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        canvas.fill(CellStyle(background: environment.palette.color(for: role)))
        content.render(into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }
}
