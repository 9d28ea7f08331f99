import Domain
import Foundation

/// What `moments stats --json` prints (Documentation/Commands.md): the figures of the
/// stats screen and the minutes of each day its charts cover, oldest first.
///
/// A day is named twice: by its local date (`2026-11-21`, what a person means by "a day")
/// and by the instant it starts (RFC 3339, unambiguous across time zones).
struct StatsDocument: Encodable {
    /// The stats shown.
    let stats: SessionStats
    /// The instant they were computed for.
    let now: Date
    /// The calendar whose days they count.
    let calendar: Calendar

    enum CodingKeys: String, CodingKey {
        case asOf = "as_of"
        case timeZone = "time_zone"
        case sessionCount = "session_count"
        case totalMinutes = "total_minutes"
        case todayMinutes = "today_minutes"
        case currentStreakDays = "current_streak_days"
        case longestStreakDays = "longest_streak_days"
        case days
    }

    enum DayKeys: String, CodingKey {
        case date, start, minutes
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Instant.format(now), forKey: .asOf)
        try container.encode(calendar.timeZone.identifier, forKey: .timeZone)
        try container.encode(stats.sessionCount, forKey: .sessionCount)
        try container.encode(stats.totalMinutes, forKey: .totalMinutes)
        try container.encode(stats.minutesPerDay.last?.minutes ?? 0, forKey: .todayMinutes)
        try container.encode(stats.currentStreak, forKey: .currentStreakDays)
        try container.encode(stats.longestStreak, forKey: .longestStreakDays)
        var days = container.nestedUnkeyedContainer(forKey: .days)
        for day in stats.minutesPerDay {
            var entry = days.nestedContainer(keyedBy: DayKeys.self)
            try entry.encode(localDate(day.start), forKey: .date)
            try entry.encode(Instant.format(day.start), forKey: .start)
            try entry.encode(day.minutes, forKey: .minutes)
        }
    }

    /// `YYYY-MM-DD` of the day `start` begins, in the stats' calendar.
    private func localDate(_ start: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
    }
}
