import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Synchronization

/// A history of sessions held in memory: what previews, the catalog and tests use in place
/// of the person's history file. It keeps the store's rules (oldest first, one record per
/// id) without touching a file.
public final class PreviewSessionHistory: SessionHistory {
    private let stored: Mutex<[SessionRecord]>

    /// A history holding `records` (sorted by start, duplicates of an id dropped).
    public init(_ records: [SessionRecord] = []) {
        var seen = Set<UUID>()
        stored = Mutex(records.filter { seen.insert($0.id).inserted }.sorted { $0.startedAt < $1.startedAt })
    }

    public var records: [SessionRecord] { stored.withLock { $0 } }

    /// Records a session, as the server's host would; answers `false`, recording nothing,
    /// when one with the same id is already there.
    @discardableResult
    public func append(_ record: SessionRecord) -> Bool {
        stored.withLock { records in
            guard !records.contains(where: { $0.id == record.id }) else { return false }
            let index = records.firstIndex { $0.startedAt > record.startedAt } ?? records.endIndex
            records.insert(record, at: index)
            return true
        }
    }

    /// Nobody has sat yet.
    public static var empty: PreviewSessionHistory { PreviewSessionHistory() }
    /// One completed session this morning.
    public static var oneSession: PreviewSessionHistory { PreviewSessionHistory([SessionRecordMother.makeRecord()]) }
    /// A realistic year with gaps (``SessionRecordMother/makeYear(end:)``).
    public static var year: PreviewSessionHistory { PreviewSessionHistory(SessionRecordMother.makeYear()) }
    /// Thirty days in a row (``SessionRecordMother/makeStreak(days:end:minutes:)``).
    public static var streak: PreviewSessionHistory { PreviewSessionHistory(SessionRecordMother.makeStreak()) }
}
