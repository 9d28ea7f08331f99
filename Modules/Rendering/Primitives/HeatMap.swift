/// A grid of days shaded by how much was practised, the stats' twelve-week calendar:
/// columns are weeks (oldest left), rows are weekdays. Each level has a glyph as well as
/// a colour (`·░▒▓█`), so the map reads the same in plain text and under `NO_COLOR`.
public struct HeatMap: View {
    /// Levels 0...4 per cell, `columns[week][weekday]`; `nil` for a day outside the range
    /// (after today), drawn blank.
    public let columns: [[Int?]]
    /// Labels for the rows (weekday initials), drawn left of the grid when there is room.
    public let rowLabels: [String]

    /// A map of `columns` of levels.
    public init(columns: [[Int?]], rowLabels: [String] = []) {
        self.columns = columns
        self.rowLabels = rowLabels
    }

    private static let glyphs: [Character] = ["·", "░", "▒", "▓", "█"]
    private static let roles: [SemanticColor] = [.track, .heat1, .heat2, .heat3, .heat4]

    private var rowCount: Int { columns.map(\.count).max() ?? 0 }
    private var labelWidth: Int { rowLabels.isEmpty ? 0 : (rowLabels.map { GraphemeWidth.width(of: $0) }.max() ?? 0) + 1 }

    /// Two columns per week (a glyph and a gap) when they fit, one otherwise.
    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        guard !columns.isEmpty, proposal.width > 0, proposal.height > 0 else { return .zero }
        let wide = labelWidth + columns.count * 2 - 1
        let width = wide <= proposal.width ? wide : min(proposal.width, columns.count + labelWidth)
        return Size(width: width, height: min(rowCount, proposal.height))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let labels = labelWidth + columns.count <= canvas.size.width ? labelWidth : 0
        let step = labels + columns.count * 2 - 1 <= canvas.size.width ? 2 : 1
        for row in 0..<min(rowCount, canvas.size.height) {
            if labels > 0, row < rowLabels.count {
                canvas.write(rowLabels[row], x: 0, y: row, style: environment.style(TextStyle(foreground: .secondary)))
            }
            for (week, days) in columns.enumerated() where row < days.count {
                guard let level = days[row] else { continue }
                let clamped = min(4, max(0, level))
                let style = environment.style(TextStyle(foreground: Self.roles[clamped]))
                canvas.put(Self.glyphs[clamped], x: labels + week * step, y: row, style: style)
            }
        }
    }
}
