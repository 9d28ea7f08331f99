#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The figures a person sees about their practice, derived from the history for one
/// time zone at one instant.
///
/// Only sessions whose outcome ``SessionOutcome/countsTowardStats`` count. A session
/// belongs to the day it started on. A streak is a run of consecutive days with at least
/// one counted session; the current streak is the run that ends today, or yesterday when
/// today has none yet (the day is not over, so the streak is not broken).
public struct SessionStats: Hashable, Sendable {
    /// Time meditated on one day.
    public struct Day: Hashable, Sendable {
        /// The first instant of the day in the stats' time zone.
        public let start: Date
        /// Seconds meditated that day, to the millisecond: the exact sum of its sessions.
        public let seconds: Double
        /// Minutes meditated that day, for charts (a fraction: ``seconds`` is the exact figure).
        public var minutes: Double { seconds / 60 }
    }

    /// Seconds meditated in all counted sessions, to the millisecond: the exact sum,
    /// added in whole milliseconds so that no binary noise accumulates.
    public let totalSeconds: Double
    /// Minutes meditated in all counted sessions (a fraction: ``totalSeconds`` is exact).
    public var totalMinutes: Double { totalSeconds / 60 }
    /// How many sessions counted.
    public let sessionCount: Int
    /// Consecutive days up to today (or yesterday) with a counted session.
    public let currentStreak: Int
    /// The longest run of consecutive days with a counted session.
    public let longestStreak: Int
    /// The time meditated on each of the last N days, oldest first, ending with today.
    public let minutesPerDay: [Day]

    /// Computes the stats of `records` as of `now`, with `days` entries in
    /// ``minutesPerDay``, days taken in `timeZone`. Each record costs one time-zone look-up
    /// and integer arithmetic on day numbers, so 100,000 sessions take milliseconds.
    public init(records: some Sequence<SessionRecord>, timeZone: LocalTimeZone, now: Date, days: Int = 7) {
        let days = max(0, days)
        var millisecondsByDay: [Int: Int64] = [:]
        var total: Int64 = 0
        var count = 0
        // Sessions of one day mostly come together (a history is listed by start), so a
        // day's run is summed apart and added to the table once: one table update a day,
        // not one a session.
        var dayRun: (day: Int, milliseconds: Int64)?
        for record in records where record.outcome.countsTowardStats {
            let milliseconds = Seconds.milliseconds(record.actualSeconds)
            total &+= milliseconds
            count += 1
            let day = timeZone.dayNumber(of: record.startedAt)
            if let current = dayRun, current.day == day {
                dayRun = (day, current.milliseconds &+ milliseconds)
            } else {
                if let current = dayRun { millisecondsByDay[current.day, default: 0] &+= current.milliseconds }
                dayRun = (day, milliseconds)
            }
        }
        if let current = dayRun { millisecondsByDay[current.day, default: 0] &+= current.milliseconds }
        totalSeconds = Double(total) / 1_000
        sessionCount = count

        let today = timeZone.dayNumber(of: now)
        minutesPerDay = (0..<days).reversed().map { back in
            let day = today - back
            return Day(start: timeZone.startOfDay(number: day), seconds: Double(millisecondsByDay[day] ?? 0) / 1_000)
        }

        var longest = 0
        var run = 0
        var previous: Int?
        for day in millisecondsByDay.keys.sorted() {
            run = previous == day - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        longestStreak = longest

        var cursor = millisecondsByDay[today] != nil ? today : today - 1
        var current = 0
        while millisecondsByDay[cursor] != nil {
            current += 1
            cursor -= 1
        }
        currentStreak = current
    }
}
