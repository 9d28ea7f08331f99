/// Identifies one intent for idempotency: the client that sent it and its own id for it.
public struct IntentKey: Hashable, Sendable, Codable {
    /// The sending client's id.
    public let clientID: String
    /// The client's id for this intent; a retry reuses it.
    public let intentID: String

    /// A key.
    public init(clientID: String, intentID: String) {
        self.clientID = clientID
        self.intentID = intentID
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case intentID = "intent_id"
    }
}

/// The answer an intent was given the first time, replayed to every retry.
public struct StoredAnswer: Hashable, Sendable, Codable {
    /// Which intent.
    public let key: IntentKey
    /// How it went.
    public let outcome: IntentOutcome

    /// An answer.
    public init(key: IntentKey, outcome: IntentOutcome) {
        self.key = key
        self.outcome = outcome
    }
}
