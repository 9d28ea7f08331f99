/// Vertical bars with eighth-block tops (`▁▂▃▄▅▆▇█`) and a label under each: the stats'
/// last seven days. Bars scale to the largest value; a day with any practice shows at
/// least a sliver, so "a little" never looks like "none".
public struct BarChart: View {
    /// One bar.
    public struct Bar: Hashable, Sendable {
        /// Its height, in any unit (minutes); negative counts as zero.
        public let value: Double
        /// The text under it, one or two cells (`M`, `Tu`).
        public let label: String

        /// A bar.
        public init(value: Double, label: String) {
            self.value = max(0, value.isNaN ? 0 : value)
            self.label = label
        }
    }

    /// The bars, left to right.
    public let bars: [Bar]
    /// The bars' role.
    public let color: SemanticColor

    /// A chart of `bars`.
    public init(_ bars: [Bar], color: SemanticColor = .accent) {
        self.bars = bars
        self.color = color
    }

    private static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Columns per bar and between bars, for `width`.
    private func geometry(_ width: Int) -> (bar: Int, gap: Int) {
        let count = max(1, bars.count)
        for (bar, gap) in [(3, 1), (2, 1), (1, 1), (1, 0)] where count * bar + (count - 1) * gap <= width {
            return (bar, gap)
        }
        return (1, 0)
    }

    /// Takes the offered height (up to 8 rows of bars plus a label row) and the width
    /// its bars need.
    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        guard proposal.width > 0, proposal.height > 0, !bars.isEmpty else { return .zero }
        let (bar, gap) = geometry(proposal.width)
        let width = bars.count * bar + (bars.count - 1) * gap
        return Size(width: min(width, proposal.width), height: min(proposal.height, 9))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        guard !bars.isEmpty, canvas.size.height > 0 else { return }
        let (bar, gap) = geometry(canvas.size.width)
        let hasLabels = canvas.size.height >= 2
        let chartRows = min(8, canvas.size.height - (hasLabels ? 1 : 0))
        let peak = bars.map(\.value).max() ?? 0
        let barStyle = environment.style(TextStyle(foreground: color))
        for (index, item) in bars.enumerated() {
            let x = index * (bar + gap)
            var eighths = peak > 0 ? Int((item.value / peak * Double(chartRows * 8)).rounded()) : 0
            if item.value > 0 { eighths = max(1, eighths) }
            for row in 0..<chartRows {
                let fromBottom = (chartRows - 1 - row) * 8
                let level = min(8, eighths - fromBottom)
                guard level > 0 else { continue }
                canvas.repeatCharacter(Self.eighths[level - 1], count: bar, x: x, y: row, style: barStyle)
            }
            if hasLabels {
                let label = Text(item.label).foreground(.secondary)
                let width = min(label.naturalWidth, bar + gap)
                canvas.draw(label, in: Rect(x: x, y: chartRows, width: width, height: 1), environment: environment)
            }
        }
    }
}
