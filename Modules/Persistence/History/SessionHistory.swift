import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the apps need of a history of sessions: its records, and adding one.
///
/// ``HistoryStore`` keeps it durably in a JSON-lines file; Fixtures' `PreviewSessionHistory`
/// keeps it in memory for previews and tests, and the showcase's failing double proves it is
/// never touched there. Code that only reads or records sessions takes `any SessionHistory`.
public protocol SessionHistory: Sendable {
    /// Every recorded session, oldest start first.
    var records: [SessionRecord] { get }

    /// Records a finished or cancelled session; answers `false`, recording nothing, when one
    /// with the same id is already there, so a retried append is harmless.
    @discardableResult
    func append(_ record: SessionRecord) throws(PersistenceError) -> Bool
}

extension SessionHistory {
    /// The stats of the whole history as of `now`, days taken in `timeZone` (see
    /// ``Domain/SessionStats``).
    public func stats(timeZone: LocalTimeZone, now: Date, days: Int = 7) -> SessionStats {
        SessionStats(records: records, timeZone: timeZone, now: now, days: days)
    }
}
