/// Empty space that grows along its stack's axis to take what the other children leave.
/// Stacks serve spacers last, so a spacer never squeezes text.
public struct Spacer: View {
    /// The fewest cells it keeps, even when space is short.
    public let minLength: Int

    /// A spacer of at least `minLength` cells.
    public init(minLength: Int = 0) {
        self.minLength = max(0, minLength)
    }

    /// Takes the whole offer on both axes; the stack keeps only its own axis.
    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        Size(width: max(minLength, proposal.width), height: max(minLength, proposal.height))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {}
}
