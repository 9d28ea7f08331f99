/// Rows one below the other, as many as fit, with the rest summed up on the last row
/// (`… 12 more`); the focused row is always among those shown.
///
/// This is how a history of a thousand sessions fits a 24-row terminal: the list never
/// asks for more rows than it was offered, and says what it left out. Rows are built on
/// demand (`row(index)`), so only the rows near the visible ones cost anything.
public struct ListView: View {
    /// How many rows there are.
    public let count: Int
    /// Builds the row at an index.
    public let row: @Sendable (Int) -> AnyView
    /// The row that must stay visible (a selection), or `nil` to show from the top.
    public let focus: Int?
    /// The text of the summary row for the rows left out.
    public let overflow: @Sendable (Int) -> String

    /// A list of `count` rows built by `row`.
    public init(
        count: Int, focus: Int? = nil,
        overflow: @escaping @Sendable (Int) -> String = { "… \($0) more" },
        row: @escaping @Sendable (Int) -> AnyView
    ) {
        self.count = max(0, count)
        self.row = row
        self.focus = focus
        self.overflow = overflow
    }

    /// A list of ready-made `rows`.
    public init(
        _ rows: [any View], focus: Int? = nil,
        overflow: @escaping @Sendable (Int) -> String = { "… \($0) more" }
    ) {
        let erased = rows.map(AnyView.init)
        self.init(count: erased.count, focus: focus, overflow: overflow) { erased[$0] }
    }

    /// The rows shown in `proposal`, as (index, size), and how many are left out. Rows
    /// are measured only as far as they are needed, so a list of thousands costs what
    /// the visible rows cost.
    private func visible(_ proposal: Size, _ environment: ViewEnvironment) -> (rows: [(Int, Size)], hidden: Int) {
        var measured: [Int: Size] = [:]
        func size(_ index: Int) -> Size {
            if let known = measured[index] { return known }
            let size = row(index).size(for: proposal, in: environment)
            measured[index] = size
            return size
        }
        func run(from start: Int, budget: Int) -> [(Int, Size)] {
            var shown: [(Int, Size)] = []
            var used = 0
            var index = start
            while index < count, used + size(index).height <= budget {
                shown.append((index, size(index)))
                used += size(index).height
                index += 1
            }
            return shown
        }
        let everything = run(from: 0, budget: proposal.height)
        if everything.count == count { return (everything, 0) }
        let budget = max(0, proposal.height - 1)
        var start = 0
        if let focus, focus >= 0, focus < count {
            var used = 0
            var first = focus
            while first >= 0, used + size(first).height <= budget {
                used += size(first).height
                first -= 1
            }
            start = min(first + 1, focus)
        }
        let shown = run(from: start, budget: budget)
        return (shown, count - shown.count)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        guard proposal.height > 0, proposal.width > 0, count > 0 else { return .zero }
        let (shown, hidden) = visible(proposal, environment)
        let width = shown.reduce(0) { max($0, $1.1.width) }
        let height = shown.reduce(0) { $0 + $1.1.height } + (hidden > 0 ? 1 : 0)
        let summary = hidden > 0 ? Text(overflow(hidden)).size(for: proposal, in: environment).width : 0
        return Size(width: max(width, summary), height: min(height, proposal.height))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let (shown, hidden) = visible(canvas.size, environment)
        var y = 0
        for (index, size) in shown {
            canvas.draw(row(index), in: Rect(x: 0, y: y, width: canvas.size.width, height: size.height), environment: environment)
            y += size.height
        }
        if hidden > 0 {
            let summary = Text(overflow(hidden)).foreground(.secondary)
            canvas.draw(summary, in: Rect(x: 0, y: y, width: canvas.size.width, height: 1), environment: environment)
        }
    }
}
