import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When `moments start --at`/`--in` asks a sit to begin (ADR 0074), as a person types it:
/// a time of day (`07:00`, the next one to come), a local date and time
/// (`2026-12-02T07:00`), or a duration from now (`--in 10m`).
///
/// Parsing needs no clock, so a bad value is refused before any file is opened; the
/// instant is worked out later, in the person's time zone, by ``instant(in:now:)``. It is
/// `package`, as ``HistorySince`` is, so the command-line fuzz target reads it too.
package enum ScheduledStart: Hashable, Sendable {
    /// The next time the clocks show `hour:minute`: today, or tomorrow once it has passed.
    case clock(hour: Int, minute: Int)
    /// A local date and time, which may have passed (then refused).
    case local(year: Int, month: Int, day: Int, hour: Int, minute: Int)
    /// This many seconds from now.
    case after(seconds: Double)

    /// The forms `--at` takes, as help and error messages name them.
    static let forms = "a time of day such as 07:00, or a local date and time such as 2026-12-02T07:00"

    /// A value that is none of the accepted forms.
    package struct Unreadable: Error, CustomStringConvertible {
        /// What was typed.
        package let text: String

        package var description: String { "'\(text.prefix(80))' is not a time to start at; write \(ScheduledStart.forms)." }
    }

    /// Reads `--at`.
    package init(at text: String) throws(Unreadable) {
        let word = text.trimmingWhitespace
        let parts = word.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let clock = parts.last, let (hour, minute) = Self.clock(clock) else { throw Unreadable(text: text) }
        guard parts.count == 2 else {
            self = .clock(hour: hour, minute: minute)
            return
        }
        // Domain's RFC 3339 reader checks the form and the day of the month.
        let date = String(parts[0])
        let fields = date.split(separator: "-").compactMap { Int($0) }
        guard date.count == 10, fields.count == 3, Instant.parse(date + "T00:00:00Z") != nil else { throw Unreadable(text: text) }
        self = .local(year: fields[0], month: fields[1], day: fields[2], hour: hour, minute: minute)
    }

    /// Reads `--in`: a duration as `moments start` takes one (`10m`, `90s`, `1h15m`).
    package init(in text: String) throws(ValidationError) {
        self = .after(seconds: try DurationText.seconds(text))
    }

    /// `HH:MM`, hours 0 to 23.
    private static func clock(_ text: Substring) -> (Int, Int)? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
            fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let hour = Int(fields[0]), let minute = Int(fields[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// The instant asked for, at `now` in `timeZone`; `nil` for a date there is no such day.
    package func instant(in timeZone: LocalTimeZone, now: Date) -> Date? {
        switch self {
        case .after(let seconds):
            return now.addingTimeInterval(seconds)
        case .local(let year, let month, let day, let hour, let minute):
            return timeZone.startOfDay(year: year, month: month, day: day).map { Self.at(hour, minute, on: $0, in: timeZone) }
        case .clock(let hour, let minute):
            let today = Self.at(hour, minute, on: timeZone.startOfDay(for: now), in: timeZone)
            guard today <= now else { return today }
            let tomorrow = timeZone.startOfDay(number: timeZone.dayNumber(of: now) + 1)
            return Self.at(hour, minute, on: tomorrow, in: timeZone)
        }
    }

    /// `hour:minute` local time on the day that begins at `midnight`: its offset from UTC
    /// is the one in force at that time of day, so a change of the clocks earlier that day
    /// is counted.
    private static func at(_ hour: Int, _ minute: Int, on midnight: Date, in timeZone: LocalTimeZone) -> Date {
        let local = Double(timeZone.dayNumber(of: midnight)) * 86_400 + Double(hour * 3_600 + minute * 60)
        let guess = Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
        return Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
    }
}
