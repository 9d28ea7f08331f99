#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a place's clocks stand to UTC, and the days, dates and times of day taken there.
///
/// Stats count days, the history writes dates and `--since` starts at a midnight, all in
/// the person's time zone. Foundation's `TimeZone` and `Calendar` know only GMT on Linux
/// unless FoundationInternationalization and ICU are loaded, which costs a process about
/// 7 MB (ADR 0016). This type needs neither: it is a name and a rule giving the offset from
/// UTC in force at each instant, and the Gregorian arithmetic on top is integer work on day
/// numbers. The live app builds the person's zone from the C library's `localtime_r`; the
/// showcase and tests use ``utc`` or a rule of their own, so their frames are the same on
/// every machine.
public struct LocalTimeZone: Sendable, CustomStringConvertible {
    /// The zone's name: `UTC`, `Europe/Paris`, or what the rule's maker called it.
    public let identifier: String
    private let offset: @Sendable (Int64) -> Int

    /// A zone named `identifier` whose offset from UTC at an instant, in seconds east of
    /// Greenwich, is `secondsFromGMT(t)` for `t` in whole seconds since 1970.
    public init(identifier: String, secondsFromGMT: @escaping @Sendable (_ unixSeconds: Int64) -> Int) {
        self.identifier = identifier
        offset = secondsFromGMT
    }

    /// A zone that is always `seconds` east of UTC.
    public init(identifier: String, fixedSecondsFromGMT seconds: Int) {
        self.init(identifier: identifier) { _ in seconds }
    }

    /// Coordinated Universal Time.
    public static let utc = LocalTimeZone(identifier: "UTC", fixedSecondsFromGMT: 0)

    /// The zone's name.
    public var description: String { identifier }

    /// Seconds east of UTC in force at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        offset(Self.unixSeconds(date))
    }

    /// The local day `date` falls on, as a whole number of days since 1970-01-01.
    public func dayNumber(of date: Date) -> Int {
        let seconds = Self.unixSeconds(date)
        return Int(CivilCalendar.floorDivide(seconds + Int64(offset(seconds)), 86_400).quotient)
    }

    /// The first instant of local day number `day`: its midnight, or, where the clocks
    /// jumped over midnight, the instant they jumped.
    public func startOfDay(number day: Int) -> Date {
        let midnight = Int64(day) * 86_400
        // Two steps find the instant whose local time is midnight, on either side of a change.
        let guess = midnight - Int64(offset(midnight))
        let instant = midnight - Int64(offset(guess))
        if instant + Int64(offset(instant)) == midnight {
            return Date(timeIntervalSince1970: Double(instant))
        }
        // Midnight did not happen that day: find the first second that belongs to it.
        var low = instant - 86_400
        var high = instant + 86_400
        while low < high {
            let middle = low + (high - low) / 2
            let local = middle + Int64(offset(middle))
            if CivilCalendar.floorDivide(local, 86_400).quotient >= Int64(day) { high = middle } else { low = middle + 1 }
        }
        return Date(timeIntervalSince1970: Double(low))
    }

    /// The first instant of the local day `date` falls on.
    public func startOfDay(for date: Date) -> Date {
        startOfDay(number: dayNumber(of: date))
    }

    /// The first instant of a local date, or `nil` when there is no such date (month 13,
    /// February 30).
    public func startOfDay(year: Int, month: Int, day: Int) -> Date? {
        guard (1...12).contains(month),
            (1...CivilCalendar.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day))
        else { return nil }
        return startOfDay(number: Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day))))
    }

    /// The local date and time of day at `date`, to the second.
    public func localTime(of date: Date) -> LocalDateTime {
        let seconds = Self.unixSeconds(date)
        let (days, secondOfDay) = CivilCalendar.floorDivide(seconds + Int64(offset(seconds)), 86_400)
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        return LocalDateTime(
            year: Int(year), month: Int(month), day: Int(day),
            hour: Int(secondOfDay / 3_600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
            weekday: CivilCalendar.weekday(ofDay: days))
    }

    /// Whole seconds since 1970, rounded down, clamped to what `Int64` holds.
    private static func unixSeconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        if value >= 9.2e18 { return 9_200_000_000_000_000_000 }
        if value <= -9.2e18 { return -9_200_000_000_000_000_000 }
        return Int64(value)
    }
}

/// A date and time of day on a local clock, as ``LocalTimeZone/localTime(of:)`` gives it.
public struct LocalDateTime: Hashable, Sendable {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1 for January through 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59.
    public let second: Int
    /// The day of the week, 1 for Sunday through 7 for Saturday.
    public let weekday: Int

    /// A local date and time; nothing is checked, so build it from a zone unless in a test.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
    }

    /// `2026-11-21`.
    public var isoDate: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    /// `07:05:09`, on a 24-hour clock.
    public var clockTime: String {
        Self.pad(hour, 2) + ":" + Self.pad(minute, 2) + ":" + Self.pad(second, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
