#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

/// How views write dates: in English, in the environment's time zone, never the
/// machine's, so the showcase and snapshots are the same everywhere.
///
/// The forms are en_US's as ICU writes them (a narrow no-break space before AM and PM),
/// without loading ICU (ADR 0016).
enum DateText {
    /// `Fri, Nov 21`.
    static func day(_ date: Date, _ environment: ViewEnvironment) -> String {
        let local = environment.timeZone.localTime(of: date)
        return weekdays[local.weekday - 1] + ", " + months[local.month - 1] + " " + String(local.day)
    }

    /// `7:30\u{202F}AM`.
    static func time(_ date: Date, _ environment: ViewEnvironment) -> String {
        let local = environment.timeZone.localTime(of: date)
        let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
        let minute = local.minute < 10 ? "0" + String(local.minute) : String(local.minute)
        return String(hour) + ":" + minute + "\u{202F}" + (local.hour < 12 ? "AM" : "PM")
    }

    /// Abbreviated weekday names, Sunday first, as ``LocalDateTime/weekday`` counts.
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Abbreviated month names, January first.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
