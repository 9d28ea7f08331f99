import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Stats as the stats screen needs them: 84 days (twelve weeks) of minutes per day, in
/// UTC, as of the fixtures' morning.
public enum SessionStatsMother {
    /// Stats of `records` as of `now`, covering `days` days.
    public static func makeStats(
        records: [SessionRecord] = SessionRecordMother.makeYear(),
        now: Date = InstantMother.morning,
        days: Int = 84
    ) -> SessionStats {
        SessionStats(records: records, timeZone: .utc, now: now, days: days)
    }

    /// A new installation: nothing sat yet.
    public static func makeEmpty() -> SessionStats {
        makeStats(records: [])
    }
}
