/// A label on the left and its value on the right (`Show seconds        on`), optionally
/// selected. Selection is drawn twice over: a `›` marker that survives plain text, and
/// inverse video across the whole row where attributes exist.
public struct LabeledRow: View {
    /// The label, truncated first when space is short.
    public let label: Text
    /// The value, kept whole as long as possible.
    public let value: Text
    /// Whether this row is the selection.
    public let isSelected: Bool

    /// A row of `label` and `value`.
    public init(_ label: String, value: String, isSelected: Bool = false, valueColor: SemanticColor? = nil) {
        self.label = isSelected ? Text(label).inverse() : Text(label)
        let value = Text(value).foreground(valueColor)
        self.value = isSelected ? value.inverse() : value
        self.isSelected = isSelected
    }

    private var row: HStack {
        HStack(spacing: 0, [
            Text(isSelected ? "› " : "  ").bold().inverse(isSelected),
            label, Spacer(minLength: 1), value.layoutPriority(1),
        ])
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        let size = row.size(for: proposal, in: environment)
        return Size(width: max(0, proposal.width), height: size.height)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        if isSelected { canvas.fill(CellStyle(attributes: .inverse)) }
        row.render(into: &canvas, environment: environment)
    }
}

extension Text {
    /// Inverse video when `on`.
    func inverse(_ on: Bool) -> Text { on ? inverse() : self }
}
