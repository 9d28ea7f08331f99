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
    /// ``minutesPerDay``. The work is linear in the records, with one calendar look-up per
    /// distinct day rather than per record, so 100,000 sessions take milliseconds.
    public init(records: some Sequence<SessionRecord>, calendar: Calendar, now: Date, days: Int = 7) {
        var days = max(0, days)
        var cache = DayCache(calendar: calendar)
        var minutesByDay: [Date: Double] = [:]
        var total = 0.0
        var count = 0
        for record in records where record.outcome.countsTowardStats {
            let minutes = record.actualSeconds / 60
            total += minutes
            count += 1
            minutesByDay[cache.start(of: record.startedAt), default: 0] += minutes
        }
        totalMinutes = total
        sessionCount = count

        let today = cache.start(of: now)
        var perDay: [Day] = []
        if days > 0 {
            var day = today
            perDay.reserveCapacity(days)
            while days > 0 {
                perDay.append(Day(start: day, minutes: minutesByDay[day] ?? 0))
                day = cache.previous(day)
                days -= 1
            }
        }
        minutesPerDay = perDay.reversed()

        let practised = minutesByDay.keys.sorted()
        var longest = 0
        var run = 0
        var previousDay: Date?
        for day in practised {
            run = (previousDay.map { cache.next($0) == day } ?? false) ? run + 1 : 1
            longest = max(longest, run)
            previousDay = day
        }
        longestStreak = longest

        let practisedSet = Set(practised)
        var cursor = practisedSet.contains(today) ? today : cache.previous(today)
        var current = 0
        while practisedSet.contains(cursor) {
            current += 1
            cursor = cache.previous(cursor)
        }
        currentStreak = current
    }
}

/// Day boundaries from a calendar, remembered so that records in the same day (the usual
/// case: a history is mostly in order) cost no calendar call.
private struct DayCache {
    let calendar: Calendar
    var interval: DateInterval?

    init(calendar: Calendar) { self.calendar = calendar }

    mutating func start(of date: Date) -> Date {
        if let interval, date >= interval.start, date < interval.end { return interval.start }
        guard let found = calendar.dateInterval(of: .day, for: date) else { return date }
        interval = found
        return found.start
    }

    func previous(_ dayStart: Date) -> Date {
        // Noon of the day before is inside it whatever the daylight-saving shift.
        let noon = dayStart.addingTimeInterval(-12 * 3_600)
        return calendar.startOfDay(for: noon)
    }

    func next(_ dayStart: Date) -> Date {
        calendar.startOfDay(for: dayStart.addingTimeInterval(36 * 3_600))
    }
}
