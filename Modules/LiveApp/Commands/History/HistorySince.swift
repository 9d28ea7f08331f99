import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `moments history --since` starts the list, as a person types it: a day
/// (`2026-11-21`), `today`, `yesterday`, or the last N days, today included (`7d`).
///
/// Parsing needs no clock, so a bad value is a usage error before any file is opened;
/// the start is worked out later, in the person's time zone, by ``start(in:now:)``. It is `package`, not internal, so the command-line fuzz target
/// (Tests/Fuzz) reads `--since` with this very parser.
package enum HistorySince: Hashable, Sendable {
    /// From the start of this day.
    case day(year: Int, month: Int, day: Int)
    /// The last `count` days, today included: `1d` is today, `7d` a week.
    case lastDays(Int)

    /// The forms accepted, as help and error messages name them.
    static let forms = "a date such as 2026-11-21, today, yesterday, or a number of days such as 7d (today and the 6 before)"

    /// A value that is none of the accepted forms.
    package struct Unreadable: Error, CustomStringConvertible {
        /// What was typed.
        package let text: String

        package var description: String { "'\(text)' is not a day; write \(HistorySince.forms)." }
    }

    /// Reads one of the accepted forms.
    package init(parsing text: String) throws(Unreadable) {
        let word = text.trimmingWhitespace.lowercased()
        switch word {
        case "today": self = .lastDays(1)
        case "yesterday": self = .lastDays(2)
        case _ where word.hasSuffix("d"):
            guard let count = Int(word.dropLast()), (1...100_000).contains(count) else { throw Unreadable(text: text) }
            self = .lastDays(count)
        default:
            // Domain's RFC 3339 reader checks the form and the day of the month.
            let parts = word.split(separator: "-").compactMap { Int($0) }
            guard word.count == 10, Instant.parse(word + "T00:00:00Z") != nil, parts.count == 3,
                let year = parts.first, let day = parts.last
            else { throw Unreadable(text: text) }
            let month = parts[1]
            self = .day(year: year, month: month, day: day)
        }
    }

    /// The first instant listed: the start of the day in `timeZone`.
    func start(in timeZone: LocalTimeZone, now: Date) -> Date {
        switch self {
        case .day(let year, let month, let day):
            return timeZone.startOfDay(year: year, month: month, day: day) ?? .distantPast
        case .lastDays(let count):
            return timeZone.startOfDay(number: timeZone.dayNumber(of: now) - (count - 1))
        }
    }
}
