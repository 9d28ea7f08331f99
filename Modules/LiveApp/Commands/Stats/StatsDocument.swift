import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// The time zone whose days they count.
    let timeZone: LocalTimeZone

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
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(stats.sessionCount, forKey: .sessionCount)
        try container.encode(stats.totalMinutes, forKey: .totalMinutes)
        try container.encode(stats.minutesPerDay.last?.minutes ?? 0, forKey: .todayMinutes)
        try container.encode(stats.currentStreak, forKey: .currentStreakDays)
        try container.encode(stats.longestStreak, forKey: .longestStreakDays)
        var days = container.nestedUnkeyedContainer(forKey: .days)
        for day in stats.minutesPerDay {
            var entry = days.nestedContainer(keyedBy: DayKeys.self)
            try entry.encode(timeZone.localTime(of: day.start).isoDate, forKey: .date)
            try entry.encode(Instant.format(day.start), forKey: .start)
            try entry.encode(day.minutes, forKey: .minutes)
        }
    }
}
