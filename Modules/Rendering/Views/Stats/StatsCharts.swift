import Domain

/// The stats' charts, built from `SessionStats.minutesPerDay` in the environment's time
/// zone. Weeks start on Sunday, as in en_US, the language of everything on screen.
struct StatsCharts {
    let stats: SessionStats
    let environment: ViewEnvironment

    /// Heat levels by minutes: none, up to 10, up to 20, up to 40, more.
    static func level(minutes: Double) -> Int {
        switch minutes {
        case ..<0.5: return 0
        case ..<10: return 1
        case ..<20: return 2
        case ..<40: return 3
        default: return 4
        }
    }

    /// The last seven days, labelled with short weekday names.
    var weekChart: BarChart {
        let days = stats.minutesPerDay.suffix(7)
        return BarChart(days.map { day in
            let weekday = environment.timeZone.localTime(of: day.start).weekday
            return BarChart.Bar(value: day.minutes, label: DateText.weekdays[weekday - 1])
        })
    }

    /// Twelve weeks as columns, rows Sunday to Saturday, today in the last column and the
    /// days after it blank.
    var heatMap: HeatMap {
        let days = Array(stats.minutesPerDay.suffix(StatsView.heatMapDays))
        let weeks = StatsView.heatMapDays / 7
        guard let today = days.last else { return HeatMap(columns: []) }
        let todayRow = environment.timeZone.localTime(of: today.start).weekday - 1
        var columns = [[Int?]](repeating: [Int?](repeating: nil, count: 7), count: weeks)
        for (offset, day) in days.reversed().enumerated() {
            let slot = (weeks - 1) * 7 + todayRow - offset
            guard slot >= 0 else { break }
            columns[slot / 7][slot % 7] = Self.level(minutes: day.minutes)
        }
        return HeatMap(columns: columns, rowLabels: DateText.weekdays.map { String($0.prefix(1)) })
    }
}
