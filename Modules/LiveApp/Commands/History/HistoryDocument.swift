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
