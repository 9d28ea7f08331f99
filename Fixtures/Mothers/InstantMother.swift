import Domain
import Foundation

/// Fixed instants, so that every fixture, snapshot and test sees the same morning.
public enum InstantMother {
    /// A quiet Saturday morning: 2026-11-21T07:30:00Z.
    public static let morning = Date(timeIntervalSince1970: 1_795_246_200)

    /// `seconds` after ``morning``.
    public static func makeInstant(secondsAfterMorning seconds: Double = 0) -> Date {
        Instant.canonical(morning.addingTimeInterval(seconds))
    }

    /// A calendar in UTC, for stats that must not depend on the machine's time zone.
    public static func makeCalendar(timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
