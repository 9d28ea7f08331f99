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

    package enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case intentID = "intent_id"
    }
}
