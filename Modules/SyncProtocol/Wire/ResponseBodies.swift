import Domain

// The bodies the server answers with: the client reads them back with these same
// definitions (Documentation/Protocol.md has the format), so the wire format is written once.

/// `{"id", "token", "state", "follow_code"?}`: the follow code only for a group sit.
package struct CreatedBody: Codable {
    package let id: String
    package let token: String
    package let state: PushPayload
    package let followCode: String?

    package init(id: String, token: String, state: PushPayload, followCode: String? = nil) {
        self.id = id
        self.token = token
        self.state = state
        self.followCode = followCode
    }

    package enum CodingKeys: String, CodingKey {
        case id, token, state
        case followCode = "follow_code"
    }
}

/// `{"activities": [...]}`.
package struct ListBody: Codable {
    package let activities: [SummaryBody]

    package init(activities: [SummaryBody]) {
        self.activities = activities
    }
}

/// One listed activity, without its token.
package struct SummaryBody: Codable {
    package let id: String
    package let name: String
    package let status: ActivityStatus
    package let version: UInt64
    package let activity: Activity

    package init(_ summary: ActivitySummary) {
        id = summary.id
        name = summary.name
        status = summary.status
        version = summary.version
        activity = summary.activity
    }
}

/// `{"error", "message", "state"?, "expected_version"?}`.
package struct ErrorBody: Codable {
    package let error: String
    package let message: String
    package let state: PushPayload?
    package var expectedVersion: UInt64? = nil

    package init(error: String, message: String, state: PushPayload?, expectedVersion: UInt64? = nil) {
        self.error = error
        self.message = message
        self.state = state
        self.expectedVersion = expectedVersion
    }

    package enum CodingKeys: String, CodingKey {
        case error, message, state
        case expectedVersion = "expected_version"
    }
}
