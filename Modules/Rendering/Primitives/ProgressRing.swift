/// Progress as one glyph, for the tightest budgets (the Dynamic Island's minimal
/// presentation): `○ ◔ ◑ ◕ ●` for nothing, a quarter, half, three quarters, done.
public struct ProgressRing: View {
    /// The fraction done, clamped to 0...1.
    public let fraction: Double
    /// The glyph's role.
    public let color: SemanticColor

    /// A ring at `fraction`.
    public init(fraction: Double, color: SemanticColor = .accent) {
        self.fraction = fraction.isNaN ? 0 : min(1, max(0, fraction))
        self.color = color
    }

    /// The glyph for the fraction: empty only at zero, full only when done.
    public var glyph: Character {
        if fraction <= 0 { return "○" }
        if fraction >= 1 { return "●" }
        if fraction < 0.375 { return "◔" }
        if fraction < 0.625 { return "◑" }
        return "◕"
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        proposal.width >= 1 && proposal.height >= 1 ? Size(width: 1, height: 1) : .zero
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        canvas.put(glyph, x: 0, y: 0, style: environment.style(TextStyle(foreground: color)))
    }
}
