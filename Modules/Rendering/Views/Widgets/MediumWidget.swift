import Domain

/// The medium widget: today's minutes and the streak, and keys that start presets.
///
/// Budget: 46 × 11 cells (``PresentationBudget/widgetMedium``), the platform's 364 × 170
/// points.
public struct MediumWidget: CompositeView {
    /// Minutes meditated today.
    public let todayMinutes: Double
    /// Consecutive days up to today with a session (`Domain.SessionStats.currentStreak`).
    public let streakDays: Int
    /// The presets offered, most used first; as many as fit are shown.
    public let presets: [PresetOption]

    /// A medium widget.
    public init(todayMinutes: Double, streakDays: Int, presets: [PresetOption]) {
        self.todayMinutes = todayMinutes
        self.streakDays = streakDays
        self.presets = presets
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let today = timerDisplayFromSeconds(seconds: todayMinutes * 60, showSeconds: false)
        let streak = streakDays == 1 ? "1 day" : "\(streakDays) days"
        let figures = HStack(spacing: environment.spacing(4), [
            Figure(label: "Today", value: today),
            Figure(label: "Streak", value: streak),
        ])
        let starts: [any View] = presets.map { LabeledRow("[\($0.key)] " + $0.name, value: $0.durationText) }
        let list: any View =
            presets.isEmpty
            ? Text("No presets yet: moments start 10m").foreground(.secondary).wrapped()
            : ListView(starts, overflow: { "… \($0) more in the picker" })
        let body = VStack(spacing: environment.spacing(1), [figures.layoutPriority(1), list])
        return Budgeted(PresentationBudget.widgetMedium, body.padding(horizontal: 1).border(.rounded, title: "Moments")).erased
    }
}

/// A figure: a small label above a bold value.
struct Figure: CompositeView {
    let label: String
    let value: String

    func body(in environment: ViewEnvironment) -> AnyView {
        VStack([Text(label).foreground(.secondary), Text(value).bold().foreground(.accent)]).erased
    }
}
