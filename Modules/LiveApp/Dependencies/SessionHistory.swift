import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the live app reads of a history of sessions: its records, all or from a period.
///
/// The live app declares it and never writes the history: the host of the sync server
/// records each ended session (ADR 0013). The live composition hands in Persistence's
/// `HistoryStore`; Fixtures' `PreviewSessionHistory` keeps records in memory for previews
/// and tests, and the showcase's failing double proves it is never read there.
public protocol SessionHistory: Sendable {
    /// Every recorded session, oldest start first.
    var records: [SessionRecord] { get }

    /// The sessions that started in `range`, oldest first.
    func records(startedIn range: Range<Date>) -> [SessionRecord]
}

extension SessionHistory {
    /// The sessions that started in `range`: a filter over ``records``, for a history that
    /// keeps no index of its own.
    public func records(startedIn range: Range<Date>) -> [SessionRecord] {
        records.filter { range.contains($0.startedAt) }
    }

    /// The stats of the whole history as of `now`, days taken in `timeZone` (see
    /// `SessionStats`).
    public func stats(timeZone: LocalTimeZone, now: Date, days: Int = 7) -> SessionStats {
        SessionStats(records: records, timeZone: timeZone, now: now, days: days)
    }
}
