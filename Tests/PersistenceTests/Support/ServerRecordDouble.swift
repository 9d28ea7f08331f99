import Domain
import Fixtures
import Foundation
import Persistence

/// The kind of record the sync server's adapter will keep per activity — its state,
/// version and token, and the intents already applied with their first answers — so the
/// collection is tested with documents of the real shape and size.
struct ServerRecordDouble: Codable, Sendable, Equatable {
    var activity: Activity
    var version: UInt64
    var token: String
    var appliedIntents: [String: String]

    enum CodingKeys: String, CodingKey {
        case activity, version, token
        case appliedIntents = "applied_intents"
    }

    static let schema = DocumentSchema<ServerRecordDouble>(name: "test/server-record", version: 1)

    /// A record of a session paused 125 s in, with a few intents applied.
    static func make(version: UInt64 = 3, intents: Int = 3) -> ServerRecordDouble {
        ServerRecordDouble(
            activity: ContentStateMother.makeActivity(steps: [(125, .pause)]),
            version: version,
            token: "token-\(version)",
            appliedIntents: Dictionary(uniqueKeysWithValues: (0..<intents).map { ("client-a/\($0)", "accepted v\($0 + 1)") }))
    }
}
