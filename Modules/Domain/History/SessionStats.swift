import Foundation

/// The figures a person sees about their practice, derived from the history for one
/// calendar and time zone at one instant.
///
/// Only sessions whose outcome ``SessionOutcome/countsTowardStats`` count. A session
/// belongs to the day it started on. A streak is a run of consecutive days with at least
/// one counted session; the current streak is the run that ends today, or yesterday when
/// today has none yet (the day is not over, so the streak is not broken).
public struct SessionStats: Hashable, Sendable {
    /// Minutes meditated on one day.
    public struct Day: Hashable, Sendable {
        /// The start of the day in the stats' calendar.
        public let start: Date
        /// Minutes meditated that day.
        public let minutes: Double
    }

    /// Minutes meditated in all counted sessions.
    public let totalMinutes: Double
    /// How many sessions counted.
    public let sessionCount: Int
    /// Consecutive days up to today (or yesterday) with a counted session.
    public let currentStreak: Int
    /// The longest run of consecutive days with a counted session.
    public let longestStreak: Int
    /// Minutes for each of the last N days, oldest first, ending with today.
    public let minutesPerDay: [Day]

    /// Computes the stats of `records` as of `now`, with `days` entries in
    /// ``minutesPerDay``. Each record costs one time-zone look-up and integer arithmetic on
    /// day numbers; the calendar is asked only for the start of the days shown, so 100,000
    /// sessions take milliseconds.
    public init(records: some Sequence<SessionRecord>, calendar: Calendar, now: Date, days: Int = 7) {
        let days = max(0, days)
        let timeZone = calendar.timeZone
        var minutesByDay: [Int: Double] = [:]
        var total = 0.0
        var count = 0
        for record in records where record.outcome.countsTowardStats {
            let minutes = record.actualSeconds / 60
            total += minutes
            count += 1
            minutesByDay[Self.dayNumber(record.startedAt, in: timeZone), default: 0] += minutes
        }
        totalMinutes = total
        sessionCount = count

        let today = Self.dayNumber(now, in: timeZone)
        minutesPerDay = (0..<days).reversed().map { back in
            let day = today - back
            return Day(start: Self.start(ofDay: day, calendar: calendar), minutes: minutesByDay[day] ?? 0)
        }

        var longest = 0
        var run = 0
        var previous: Int?
        for day in minutesByDay.keys.sorted() {
            run = previous == day - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        longestStreak = longest

        var cursor = minutesByDay[today] != nil ? today : today - 1
        var current = 0
        while minutesByDay[cursor] != nil {
            current += 1
            cursor -= 1
        }
        currentStreak = current
    }

    /// The local day an instant falls on, as a whole number of days since 1970-01-01 in
    /// that time zone.
    private static func dayNumber(_ date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The instant a local day starts, from the calendar (which knows daylight saving).
    private static func start(ofDay day: Int, calendar: Calendar) -> Date {
        // Noon of that day is inside it whatever the daylight-saving shift.
        let localNoon = Double(day) * 86_400 + 43_200
        let offset = Double(calendar.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localNoon)))
        return calendar.startOfDay(for: Date(timeIntervalSince1970: localNoon - offset))
    }
}
