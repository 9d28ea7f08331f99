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
///
/// Time sat is written twice too: exactly, in seconds to the millisecond (`*_seconds`,
/// what a script adds up), and in whole minutes as the stats screen shows them
/// (`*_minutes`, truncated), since a fraction of a minute has no exact short decimal.
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
        case totalSeconds = "total_seconds"
        case totalMinutes = "total_minutes"
        case todaySeconds = "today_seconds"
        case todayMinutes = "today_minutes"
        case currentStreakDays = "current_streak_days"
        case longestStreakDays = "longest_streak_days"
        case days
    }

    enum DayKeys: String, CodingKey {
        case date, start, seconds, minutes
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Instant.format(now), forKey: .asOf)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(stats.sessionCount, forKey: .sessionCount)
        let today = stats.minutesPerDay.last?.seconds ?? 0
        try container.encode(stats.totalSeconds, forKey: .totalSeconds)
        try container.encode(Self.wholeMinutes(stats.totalSeconds), forKey: .totalMinutes)
        try container.encode(today, forKey: .todaySeconds)
        try container.encode(Self.wholeMinutes(today), forKey: .todayMinutes)
        try container.encode(stats.currentStreak, forKey: .currentStreakDays)
        try container.encode(stats.longestStreak, forKey: .longestStreakDays)
        var days = container.nestedUnkeyedContainer(forKey: .days)
        for day in stats.minutesPerDay {
            var entry = days.nestedContainer(keyedBy: DayKeys.self)
            try entry.encode(timeZone.localTime(of: day.start).isoDate, forKey: .date)
            try entry.encode(Instant.format(day.start), forKey: .start)
            try entry.encode(day.seconds, forKey: .seconds)
            try entry.encode(Self.wholeMinutes(day.seconds), forKey: .minutes)
        }
    }

    /// The whole minutes in `seconds`, truncated as ``timerDisplayFromSeconds(seconds:showSeconds:)``
    /// truncates them on screen; counted in milliseconds, so 600 seconds is 10, never 9.
    static func wholeMinutes(_ seconds: Double) -> Int64 {
        Seconds.milliseconds(seconds) / 60_000
    }
}
