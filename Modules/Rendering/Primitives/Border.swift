/// The line a border is drawn with.
public enum BorderStyle: Hashable, Sendable, CaseIterable {
    /// `┌─┐`
    case single
    /// `╭─╮`: the app's default, soft like the platform's rounded cards.
    case rounded
    /// `╔═╗`
    case double
    /// `┏━┓`
    case heavy

    /// Top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    var pieces: (Character, Character, Character, Character, Character, Character) {
        switch self {
        case .single: return ("┌", "┐", "└", "┘", "─", "│")
        case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
        case .double: return ("╔", "╗", "╚", "╝", "═", "║")
        case .heavy: return ("┏", "┓", "┗", "┛", "━", "┃")
        }
    }
}

/// A view inside a border, with an optional title set into the top edge (`╭─ Title ─╮`).
///
/// Below 2 × 2 cells there is no room for a border, so the content alone is drawn: a
/// presentation squeezed into a tiny terminal still shows what matters.
public struct Border: View {
    /// The line.
    public let style: BorderStyle
    /// The title, sanitised and truncated to the edge, or `nil`.
    public let title: Text?
    /// The border's colour role.
    public let color: SemanticColor
    /// What is inside.
    public let content: AnyView

    /// `content` in a border.
    public init(_ style: BorderStyle = .rounded, title: String? = nil, color: SemanticColor = .border, _ content: any View) {
        self.style = style
        self.title = title.map { Text($0).bold() }
        self.color = color
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        guard proposal.width >= 2, proposal.height >= 2 else { return content.size(for: proposal, in: environment) }
        let inner = content.size(for: Size(width: proposal.width - 2, height: proposal.height - 2), in: environment)
        let titleWidth = title.map { min($0.naturalWidth + 4, proposal.width) } ?? 0
        return Size(width: max(inner.width + 2, titleWidth), height: inner.height + 2)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let width = canvas.size.width
        let height = canvas.size.height
        guard width >= 2, height >= 2 else {
            content.render(into: &canvas, environment: environment)
            return
        }
        let line = environment.style(TextStyle(foreground: color))
        let (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = style.pieces
        canvas.put(topLeft, x: 0, y: 0, style: line)
        canvas.repeatCharacter(horizontal, count: width - 2, x: 1, y: 0, style: line)
        canvas.put(topRight, x: width - 1, y: 0, style: line)
        for row in 1..<(height - 1) {
            canvas.put(vertical, x: 0, y: row, style: line)
            canvas.put(vertical, x: width - 1, y: row, style: line)
        }
        canvas.put(bottomLeft, x: 0, y: height - 1, style: line)
        canvas.repeatCharacter(horizontal, count: width - 2, x: 1, y: height - 1, style: line)
        canvas.put(bottomRight, x: width - 1, y: height - 1, style: line)
        if let title, width >= 5 {
            let titleSpace = width - 4
            let titleWidth = min(title.naturalWidth, titleSpace)
            canvas.put(" ", x: 1, y: 0, style: line)
            canvas.draw(title, in: Rect(x: 2, y: 0, width: titleSpace, height: 1), environment: environment)
            canvas.put(" ", x: 2 + titleWidth, y: 0, style: line)
        }
        canvas.draw(content, in: Rect(x: 1, y: 1, width: width - 2, height: height - 2), environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }
}
