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
    private var ids: RecordIDs

    /// An index of `records`, in any order; a repeated id keeps its first record. The
    /// records are copied only when one must go or the order must change.
    init(_ records: [SessionRecord]) {
        var ids = RecordIDs(minimumCapacity: records.count)
        var repeated = false
        var sorted = true
        var previous: Date?
        for record in records {
            if !ids.insert(RecordID(record.id)) { repeated = true }
            if let previous, record.startedAt < previous { sorted = false }
            previous = record.startedAt
        }
        var unique = records
        if repeated {
            var kept = RecordIDs(minimumCapacity: records.count)
            unique = records.filter { kept.insert(RecordID($0.id)) }
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
        guard ids.insert(RecordID(record.id)) else { return }
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

/// A record's id as two words, compared as two integers.
private struct RecordID: Equatable {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ id: UUID) {
        (high, low) = withUnsafeBytes(of: id.uuid) { bytes in
            (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// Where the id starts looking in a table: both words mixed (MurmurHash3's finaliser),
    /// so ids that differ in any bit spread over the table.
    var mixed: UInt64 {
        var value = high ^ (low &* 0x9E37_79B9_7F4A_7C15)
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        return value
    }
}

/// The set of ids in the history: the ids in the order added, and an open-addressing
/// table of where each is.
///
/// Loading 100,000 sessions checks 100,000 ids for repeats; a `Set<UUID>` spent a tenth of
/// the load setting up a seeded hasher for each. Ids are not chosen by anyone hostile to
/// the person whose history it is, so a fixed mix of the id's own bits spreads them well.
/// A slot is one word, half of the mix and the id's position: a table half the size of
/// one holding the ids themselves (2 MB for 100,000), whose probes mostly stay in the
/// cache, and an id is read only when the halves match. Checking 100,000 ids took 5-9 ms
/// with the ids in the slots, 2-4.5 ms so.
private struct RecordIDs {
    /// Each slot: 0 when empty, else the upper half of the id's mix, with its lowest bit
    /// set so that no slot in use is 0, then the id's position in `ids`.
    private var slots: [UInt64]
    private var ids: [RecordID] = []

    /// An empty set with room for `minimumCapacity` ids before it grows.
    init(minimumCapacity: Int) {
        slots = Self.emptySlots(for: minimumCapacity)
        ids.reserveCapacity(minimumCapacity)
    }

    /// Adds `id`; answers whether it was not there yet.
    mutating func insert(_ id: RecordID) -> Bool {
        if (ids.count + 1) * 2 > slots.count { grow() }
        guard case .free(let index, let tag) = find(id) else { return false }
        slots[index] = tag | UInt64(ids.count)
        ids.append(id)
        return true
    }

    /// Whether `id` is in the set.
    func contains(_ id: RecordID) -> Bool {
        if case .found = find(id) { true } else { false }
    }

    private enum Place {
        case found
        /// Where the id would go, and the upper word of its slot.
        case free(index: Int, tag: UInt64)
    }

    private func find(_ id: RecordID) -> Place {
        let mixed = id.mixed
        let tag = (mixed | 1 << 32) & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: mixed) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return .free(index: index, tag: tag) }
            if slot & 0xFFFF_FFFF_0000_0000 == tag, ids[Int(slot & 0xFFFF_FFFF)] == id { return .found }
            index = (index + 1) & mask
        }
    }

    /// Doubles the table, every id put in its place in the new one.
    private mutating func grow() {
        slots = Self.emptySlots(for: slots.count)
        for (position, id) in ids.enumerated() {
            guard case .free(let index, let tag) = find(id) else { continue }
            slots[index] = tag | UInt64(position)
        }
    }

    /// A table at most half full with `count` ids.
    private static func emptySlots(for count: Int) -> [UInt64] {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return Array(repeating: 0, count: size)
    }
}
