/// The first of several alternatives that fits the offer, or the last one if none does.
///
/// How views degrade gracefully: list the richest layout first and the barest last (big
/// digits, then plain text, then the time alone) and the space decides.
public struct ViewThatFits: View {
    /// The alternatives, richest first.
    public let candidates: [AnyView]

    /// Alternatives, richest first.
    public init(_ candidates: [any View]) {
        self.candidates = candidates.map(AnyView.init)
    }

    /// The listed alternatives, richest first.
    public init(_ candidates: any View...) {
        self.init(candidates)
    }

    /// The alternative chosen for `proposal`.
    public func choice(for proposal: Size, in environment: ViewEnvironment) -> AnyView? {
        for candidate in candidates where candidate.size(for: proposal, in: environment).fits(in: proposal) {
            return candidate
        }
        return candidates.last
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        choice(for: proposal, in: environment)?.size(for: proposal, in: environment) ?? .zero
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        guard let choice = choice(for: canvas.size, in: environment) else { return }
        canvas.draw(choice, in: Rect(origin: Point(x: 0, y: 0), size: canvas.size), environment: environment)
    }
}
