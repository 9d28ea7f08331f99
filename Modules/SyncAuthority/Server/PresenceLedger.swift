#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When the server counts who sits each group sit next (ADR 0073): a follower coming or
/// going asks for a count, and counts of one sit come at most twice a second, however many
/// come and go, so that a join storm of 10,000 pushes a handful of states, not 10,000.
/// On a storage shared by several servers, a sit with followers is counted again every
/// third of the storage's presence lifetime, keeping this server's record of them fresh.
struct PresenceLedger {
    /// How long after one count of a sit the next may come.
    static let spacing: TimeInterval = 0.5

    /// When each sit's next count is due.
    private(set) var due: [String: Date] = [:]
    /// When each sit was last counted, for the spacing; forgotten a spacing later.
    private var counted: [String: Date] = [:]

    /// The earliest count due, if any.
    var next: Date? { due.values.min() }

    /// Asks for a count of sit `id` as soon as the spacing allows after `now`; answers when
    /// it is due.
    mutating func moved(_ id: String, at now: Date) -> Date {
        let allowed = counted[id].map { max(now, $0.addingTimeInterval(Self.spacing)) } ?? now
        let at = min(due[id] ?? allowed, allowed)
        due[id] = at
        return at
    }

    /// Asks for a count of sit `id` at `instant` at the latest (a refresh of this server's
    /// record).
    mutating func refresh(_ id: String, at instant: Date) {
        due[id] = min(due[id] ?? instant, instant)
    }

    /// The sits whose count is due at `now`, taken off the ledger and marked counted.
    mutating func takeDue(at now: Date) -> [String] {
        let ids = due.filter { $0.value <= now }.map(\.key)
        for id in ids {
            due[id] = nil
            counted[id] = now
        }
        counted = counted.filter { $0.value.addingTimeInterval(Self.spacing) > now }
        return ids.sorted()
    }
}
