/// Day arithmetic in the proleptic Gregorian calendar on whole day numbers (days since
/// 1970-01-01), after Howard Hinnant's `chrono`-compatible algorithms.
///
/// Integer arithmetic only: no table, no locale, no time zone. ``Instant`` writes and reads
/// UTC text with it, and ``LocalTimeZone`` turns local days into dates with it.
enum CivilCalendar {
    /// `value / divisor` rounded towards negative infinity, and the non-negative remainder.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    /// The year, month (1...12) and day of the month of a day number.
    static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day number of a date; the month and day are not checked (see ``daysIn(month:year:)``).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days a month has in a year.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The weekday of a day number, 1 for Sunday through 7 for Saturday
    /// (1970-01-01 was a Thursday).
    static func weekday(ofDay days: Int64) -> Int {
        Int(floorDivide(days + 4, 7).remainder) + 1
    }
}
