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
    ///
    /// It takes an array, not any sequence: this module's generic code is not specialised
    /// in its callers', so a sequence would be walked through its witnesses.
    public init(records: [SessionRecord], timeZone: LocalTimeZone, now: Date, days: Int = 7) {
        let days = max(0, days)
        var total: Int64 = 0
        var count = 0
        // Sessions of one day mostly come together and in order (a history is listed by
        // start), so a day's run is summed apart and kept once, in an array: sorted only
        // when the records were not, and read by binary search, with no hashing per day.
        var byDay: [(day: Int, milliseconds: Int64)] = []
        var inOrder = true
        for record in records where record.outcome.countsTowardStats {
            let milliseconds = Seconds.milliseconds(record.actualSeconds)
            total &+= milliseconds
            count += 1
            let day = timeZone.dayNumber(of: record.startedAt)
            if let last = byDay.last, last.day == day {
                byDay[byDay.count - 1].milliseconds &+= milliseconds
            } else {
                if let last = byDay.last, day < last.day { inOrder = false }
                byDay.append((day, milliseconds))
            }
        }
        if !inOrder { byDay = Self.merged(byDay) }
        totalSeconds = Double(total) / 1_000
        sessionCount = count

        let today = timeZone.dayNumber(of: now)
        minutesPerDay = (0..<days).reversed().map { back in
            let day = today - back
            let found = Self.index(of: day, in: byDay)
            let milliseconds = found < byDay.count && byDay[found].day == day ? byDay[found].milliseconds : 0
            return Day(start: timeZone.startOfDay(number: day), seconds: Double(milliseconds) / 1_000)
        }

        var longest = 0
        var run = 0
        var previous: Int?
        for (day, _) in byDay {
            run = previous == day - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        longestStreak = longest

        // Back from today (or yesterday, when today has nothing yet) while the days follow.
        var position = Self.index(of: today + 1, in: byDay) - 1
        var cursor = position >= 0 && byDay[position].day == today ? today : today - 1
        var current = 0
        while position >= 0, byDay[position].day > cursor { position -= 1 }
        while position >= 0, byDay[position].day == cursor {
            current += 1
            cursor -= 1
            position -= 1
        }
        currentStreak = current
    }

    /// `runs` sorted by day, with the runs of one day added together.
    private static func merged(_ runs: [(day: Int, milliseconds: Int64)]) -> [(day: Int, milliseconds: Int64)] {
        var merged: [(day: Int, milliseconds: Int64)] = []
        for run in runs.sorted(by: { $0.day < $1.day }) {
            if let last = merged.last, last.day == run.day {
                merged[merged.count - 1].milliseconds &+= run.milliseconds
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// The index of the first run on or after `day` in runs sorted by day.
    private static func index(of day: Int, in runs: [(day: Int, milliseconds: Int64)]) -> Int {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
