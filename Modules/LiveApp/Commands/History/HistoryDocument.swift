import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `moments history --json` prints (Documentation/Commands.md): the sessions listed,
/// newest first, each in the Domain's `SessionRecord` shape, and where the list starts.
struct HistoryDocument: Encodable {
    /// The start `--since` asked for, or `nil` for the whole history.
    let since: Date?
    /// The sessions, newest first.
    let sessions: [SessionRecord]

    enum CodingKeys: String, CodingKey {
        case since, sessions
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(since.map(Instant.format), forKey: .since)
        try container.encode(sessions, forKey: .sessions)
    }
}

extension HistoryDocument {
    /// Writes the document as ``CommandOutput/printJSON(_:)`` prints its `Encodable` form,
    /// byte for byte, in chunks handed to `emit` as they fill: `JSONEncoder` takes most of
    /// a second over 100,000 sessions, this a small part of it (ADR 0035).
    func writeJSON(to emit: @escaping (String) -> Void) {
        var writer = PrettyJSONWriter(emit: emit)
        writer.openObject()
        writer.openArray(key: CodingKeys.sessions.stringValue)
        for record in sessions {
            // A record's members in sorted order, named as its `Codable` conformance
            // names them (the tests compare the two).
            writer.openObject()
            writer.member("actual_seconds", number: record.actualSeconds)
            writer.member("ended_at", instant: record.endedAt)
            writer.member("id", uuid: record.id)
            writer.member("name", string: record.name.value)
            writer.member("outcome", string: record.outcome.rawValue)
            writer.member("planned_seconds", number: record.plannedSeconds)
            writer.member("started_at", instant: record.startedAt)
            writer.closeObject()
        }
        writer.closeArray()
        writer.member(CodingKeys.since.stringValue, string: since.map(Instant.format))
        writer.closeObject()
        writer.finish()
    }
}
