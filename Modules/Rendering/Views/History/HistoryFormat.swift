import Foundation

/// How the history writes dates: in the environment's locale and time zone, never the
/// machine's, so the showcase and snapshots are the same everywhere.
enum HistoryFormat {
    /// `Fri, Nov 21` in en_US.
    static func day(_ date: Date, _ environment: ViewEnvironment) -> String {
        date.formatted(style(environment).weekday(.abbreviated).month(.abbreviated).day())
    }

    /// `7:30 AM` in en_US.
    static func time(_ date: Date, _ environment: ViewEnvironment) -> String {
        date.formatted(style(environment).hour(.defaultDigits(amPM: .abbreviated)).minute(.twoDigits))
    }

    private static func style(_ environment: ViewEnvironment) -> Date.FormatStyle {
        Date.FormatStyle(locale: environment.locale, calendar: environment.calendar, timeZone: environment.timeZone)
    }
}
