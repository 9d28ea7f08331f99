import Domain
import Foundation

/// The stats' charts, built from ``SessionStats/minutesPerDay`` with the environment's
/// calendar, so weekdays and the start of the week follow the locale and time zone.
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
        let calendar = environment.calendar
        let symbols = calendar.shortWeekdaySymbols
        let days = stats.minutesPerDay.suffix(7)
        return BarChart(days.map { day in
            let weekday = calendar.component(.weekday, from: day.start)
            return BarChart.Bar(value: day.minutes, label: symbols[(weekday - 1) % symbols.count])
        })
    }

    /// Twelve weeks as columns, rows in the locale's week order, today in the last column
    /// and the days after it blank.
    var heatMap: HeatMap {
        let calendar = environment.calendar
        let days = Array(stats.minutesPerDay.suffix(StatsView.heatMapDays))
        let weeks = StatsView.heatMapDays / 7
        guard let today = days.last else { return HeatMap(columns: []) }
        let weekday = calendar.component(.weekday, from: today.start)
        let todayRow = (weekday - calendar.firstWeekday + 7) % 7
        var columns = [[Int?]](repeating: [Int?](repeating: nil, count: 7), count: weeks)
        for (offset, day) in days.reversed().enumerated() {
            let slot = (weeks - 1) * 7 + todayRow - offset
            guard slot >= 0 else { break }
            columns[slot / 7][slot % 7] = Self.level(minutes: day.minutes)
        }
        let symbols = calendar.veryShortWeekdaySymbols
        let labels = (0..<7).map { symbols[(calendar.firstWeekday - 1 + $0) % symbols.count] }
        return HeatMap(columns: columns, rowLabels: labels)
    }
}
