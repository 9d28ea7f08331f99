import Domain

/// An intent as a client sends it: who sent it, its id for retries, what it asks, and
/// optionally the version it was based on.
public struct IntentRequest: Hashable, Sendable {
    /// The longest client or intent id accepted.
    public static let maximumIDLength = 128
    /// The largest target adjustment accepted in one intent, either way: 8 hours.
    public static let maximumAdjustment = SessionLimits.maximumActivityDuration

    /// Identifies the intent for idempotency.
    public let key: IntentKey
    /// What it asks. Never `.start`: activities are created, not started by intent.
    public let intent: Intent
    /// The version the client saw when it decided; `nil` to apply to whatever is current.
    public let expectedVersion: UInt64?

    /// A request, checked: ids of 1 to 128 characters, no start intent, a finite
    /// adjustment of at most 8 hours either way.
    public init(clientID: String, intentID: String, intent: Intent, expectedVersion: UInt64? = nil) throws(SyncError) {
        try Self.checkID(clientID, field: "client_id")
        try Self.checkID(intentID, field: "intent_id")
        switch intent {
        case .start:
            throw .badRequest(
                "'action' must be pause, resume, finish, cancel, adjust or revoke_code; activities are started by creating them.")
        case .adjustTarget(let seconds):
            guard seconds.isFinite, abs(seconds) <= Self.maximumAdjustment else {
                throw .badRequest("'adjust_seconds' must be a number from -28800 to 28800.")
            }
        case .pause, .resume, .finish, .cancel, .revokeCode:
            break
        }
        key = IntentKey(clientID: clientID, intentID: intentID)
        self.intent = intent
        self.expectedVersion = expectedVersion
    }

    /// Refuses a client or intent id that is empty or longer than ``maximumIDLength``,
    /// naming the field; creating an activity checks its `client_id` with the same rule.
    package static func checkID(_ value: String, field: String) throws(SyncError) {
        guard !value.isEmpty, value.count <= maximumIDLength else {
            throw .badRequest("'\(field)' must be 1 to \(maximumIDLength) characters.")
        }
    }
}
