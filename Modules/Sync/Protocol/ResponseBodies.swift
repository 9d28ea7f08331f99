import Domain

// The bodies the server answers with: the client reads them back with these same
// definitions (Documentation/Protocol.md has the format), so the wire format is written once.

/// `{"id", "token", "state"}`.
struct CreatedBody: Codable {
    let id: String
    let token: String
    let state: PushPayload
}

/// `{"activities": [...]}`.
struct ListBody: Codable {
    let activities: [SummaryBody]
}

/// One listed activity, without its token.
struct SummaryBody: Codable {
    let id: String
    let name: String
    let status: ActivityStatus
    let version: UInt64
    let activity: Activity

    init(_ summary: ActivitySummary) {
        id = summary.id
        name = summary.name
        status = summary.status
        version = summary.version
        activity = summary.activity
    }
}

/// `{"error", "message", "state"?, "expected_version"?}`.
struct ErrorBody: Codable {
    let error: String
    let message: String
    let state: PushPayload?
    var expectedVersion: UInt64? = nil

    enum CodingKeys: String, CodingKey {
        case error, message, state
        case expectedVersion = "expected_version"
    }
}
