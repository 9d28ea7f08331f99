import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Time zones with daylight saving, written out as rules, so tests of days and dates
/// across a change of clocks give the same answer on every machine, with or without a
/// time-zone database.
public enum TimeZoneMother {
    /// New York since 2007: UTC−5, and UTC−4 from 02:00 local on the second Sunday of
    /// March to 02:00 local on the first Sunday of November.
    public static func makeNewYork() -> LocalTimeZone {
        LocalTimeZone(identifier: "America/New_York") { seconds in
            let year = LocalTimeZone.utc.localTime(of: Date(timeIntervalSince1970: Double(seconds))).year
            let start = sunday(year: year, month: 3, number: 2) + 7 * 3_600  // 02:00 EST is 07:00 UTC
            let end = sunday(year: year, month: 11, number: 1) + 6 * 3_600  // 02:00 EDT is 06:00 UTC
            return (start..<end).contains(seconds) ? -4 * 3_600 : -5 * 3_600
        }
    }

    /// Paris since 1996: UTC+1, and UTC+2 from 01:00 UTC on the last Sunday of March to
    /// 01:00 UTC on the last Sunday of October.
    public static func makeParis() -> LocalTimeZone {
        LocalTimeZone(identifier: "Europe/Paris") { seconds in
            let year = LocalTimeZone.utc.localTime(of: Date(timeIntervalSince1970: Double(seconds))).year
            let start = sunday(year: year, month: 3, number: -1) + 3_600
            let end = sunday(year: year, month: 10, number: -1) + 3_600
            return (start..<end).contains(seconds) ? 2 * 3_600 : 3_600
        }
    }

    /// Midnight UTC of the `number`th Sunday of a month, or of its last Sunday for -1, in
    /// seconds since 1970.
    private static func sunday(year: Int, month: Int, number: Int) -> Int64 {
        let utc = LocalTimeZone.utc
        if number > 0 {
            let first = utc.startOfDay(year: year, month: month, day: 1)!
            let weekday = utc.localTime(of: first).weekday
            let day = 1 + (8 - weekday) % 7 + 7 * (number - 1)
            return Int64(first.timeIntervalSince1970) + Int64(day - 1) * 86_400
        }
        let next = month == 12 ? utc.startOfDay(year: year + 1, month: 1, day: 1)! : utc.startOfDay(year: year, month: month + 1, day: 1)!
        let last = next.addingTimeInterval(-86_400)
        let back = utc.localTime(of: last).weekday - 1
        return Int64(last.timeIntervalSince1970) - Int64(back) * 86_400
    }
}
