/// A rule between sections: across the width in a column, down the height in a row.
public struct Divider: View {
    /// Which way the rule runs.
    public enum Orientation: Hashable, Sendable {
        /// `───`, one row high.
        case horizontal
        /// `│`, one column wide.
        case vertical
    }

    /// Which way the rule runs.
    public let orientation: Orientation
    /// Its colour role.
    public let color: SemanticColor

    /// A rule.
    public init(_ orientation: Orientation = .horizontal, color: SemanticColor = .border) {
        self.orientation = orientation
        self.color = color
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        switch orientation {
        case .horizontal: return Size(width: max(0, proposal.width), height: min(1, max(0, proposal.height)))
        case .vertical: return Size(width: min(1, max(0, proposal.width)), height: max(0, proposal.height))
        }
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let style = environment.style(TextStyle(foreground: color))
        switch orientation {
        case .horizontal:
            canvas.repeatCharacter("─", count: canvas.size.width, x: 0, y: 0, style: style)
        case .vertical:
            for row in 0..<max(0, canvas.size.height) { canvas.put("│", x: 0, y: row, style: style) }
        }
    }
}
