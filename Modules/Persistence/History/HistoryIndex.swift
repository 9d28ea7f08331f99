import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The history in memory: records sorted by start, and the ids already recorded, so a
/// date range is two binary searches and a retried append is recognised in constant time.
struct HistoryIndex {
    private(set) var records: [SessionRecord]
    private var ids: Set<RecordID>

    /// An index of `records`, in any order; a repeated id keeps its first record. The
    /// records are copied only when one must go or the order must change.
    init(_ records: [SessionRecord]) {
        var ids = Set<RecordID>(minimumCapacity: records.count)
        var repeated = false
        var sorted = true
        var previous: Date?
        for record in records {
            if !ids.insert(RecordID(record.id)).inserted { repeated = true }
            if let previous, record.startedAt < previous { sorted = false }
            previous = record.startedAt
        }
        var unique = records
        if repeated {
            var kept = Set<RecordID>(minimumCapacity: records.count)
            unique = records.filter { kept.insert(RecordID($0.id)).inserted }
        }
        if !sorted { unique.sort { $0.startedAt < $1.startedAt } }
        self.records = unique
        self.ids = ids
    }

    /// Whether a record with this id is already there.
    func contains(_ id: UUID) -> Bool { ids.contains(RecordID(id)) }

    /// Adds a record, after any that started at the same instant. Appending the newest
    /// session, the usual case, costs no search and no move.
    mutating func insert(_ record: SessionRecord) {
        guard ids.insert(RecordID(record.id)).inserted else { return }
        if let last = records.last, record.startedAt < last.startedAt {
            records.insert(record, at: firstIndex(startingAfter: record.startedAt))
        } else {
            records.append(record)
        }
    }

    /// The records that started in `range`, oldest first.
    func records(startedIn range: Range<Date>) -> ArraySlice<SessionRecord> {
        records[firstIndex(startingFrom: range.lowerBound)..<firstIndex(startingFrom: range.upperBound)]
    }

    /// The index of the first record that started at or after `date`.
    private func firstIndex(startingFrom date: Date) -> Int {
        partition { $0.startedAt >= date }
    }

    /// The index of the first record that started after `date`.
    private func firstIndex(startingAfter date: Date) -> Int {
        partition { $0.startedAt > date }
    }

    /// The first index where `isAfter` holds, for a predicate false then true along the array.
    private func partition(_ isAfter: (SessionRecord) -> Bool) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(records[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// A record's id as two words: hashed as two integers, it costs a fraction of hashing a
/// `UUID`'s sixteen bytes one by one, which loading 100,000 sessions does 100,000 times.
private struct RecordID: Hashable {
    let high: UInt64
    let low: UInt64

    init(_ id: UUID) {
        (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
            (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }
}
