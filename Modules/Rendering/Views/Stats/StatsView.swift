import Domain

/// The practice at a glance: current and longest streak, sessions and total time, the
/// last seven days as bars and the last twelve weeks as a calendar heat map.
///
/// Build the stats with at least 84 days (`SessionStats(records:calendar:now:days: 84)`):
/// the bars use the last 7 of `SessionStats.minutesPerDay` and the map all of the last
/// 84; fewer days leave the older weeks blank. Side by side when wide, stacked when
/// narrow, figures alone when there is no room for charts.
public struct StatsView: CompositeView {
    /// The stats shown.
    public let stats: SessionStats

    /// The days the heat map covers.
    public static let heatMapDays = 84

    /// A stats screen.
    public init(stats: SessionStats) {
        self.stats = stats
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let charts = StatsCharts(stats: stats, environment: environment)
        let week = VStack([Text("Last 7 days").foreground(.secondary), charts.weekChart])
        let weeks = VStack([Text("Last 12 weeks").foreground(.secondary), charts.heatMap])
        let sideBySide = HStack(alignment: .top, spacing: environment.spacing(4), [week, weeks])
        let stacked = VStack(spacing: environment.spacing(1), [week, weeks])
        let content = VStack(spacing: environment.spacing(1), [
            figures(environment).layoutPriority(1),
            ViewThatFits(sideBySide, stacked, week, EmptyView()),
        ])
        return content.padding(horizontal: 1).border(.rounded, title: "Stats").erased
    }

    /// The four figures, in a row when they fit, in two rows otherwise.
    private func figures(_ environment: ViewEnvironment) -> ViewThatFits {
        let streak = stats.currentStreak == 1 ? "1 day" : "\(stats.currentStreak) days"
        let longest = stats.longestStreak == 1 ? "1 day" : "\(stats.longestStreak) days"
        let total = timerDisplayFromSeconds(seconds: stats.totalSeconds, showSeconds: false)
        let items = [
            Figure(label: "Streak", value: streak), Figure(label: "Longest", value: longest),
            Figure(label: "Sessions", value: String(stats.sessionCount)), Figure(label: "Total", value: total),
        ]
        let spacing = environment.spacing(4)
        return ViewThatFits(
            HStack(alignment: .top, spacing: spacing, items),
            VStack([HStack(alignment: .top, spacing: spacing, Array(items.prefix(2))),
                    HStack(alignment: .top, spacing: spacing, Array(items.suffix(2)))]),
            Text("Streak \(streak) · Total \(total)").bold())
    }
}
