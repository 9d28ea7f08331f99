import Domain
import SyncProtocol

/// What a keyed creation asked for, kept with the activity it made: the key finds the
/// activity again when the creation is retried, and the rest tells a true retry (the
/// same request again) from a key reused for another request, which is refused.
///
/// Written into the creation's record and every checkpoint after it, so a retry is
/// recognised also after a restart. A creation without a key keeps none.
public struct ActivityCreation: Hashable, Sendable, Codable {
    /// The SHA-256 of the client's key for this creation (`IdempotencyKey.digest`): the
    /// key is never kept, since it unseals the activity's token.
    public let keyDigest: String
    /// The client that asked.
    public let clientID: String
    /// The attributes asked for.
    public let attributes: SessionAttributes
    /// Whether seconds were asked to be shown.
    public let showSeconds: Bool

    /// A creation's request.
    public init(key: IdempotencyKey, clientID: String, attributes: SessionAttributes, showSeconds: Bool) {
        self.keyDigest = key.digest
        self.clientID = clientID
        self.attributes = attributes
        self.showSeconds = showSeconds
    }

    enum CodingKeys: String, CodingKey {
        case keyDigest = "key_sha256"
        case key
        case clientID = "client_id"
        case attributes
        case showSeconds = "show_seconds"
    }

    /// Reads `key_sha256`, or the plain `key` of records written before ADR 0023.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let digest = try container.decodeIfPresent(String.self, forKey: .keyDigest) {
            keyDigest = digest
        } else {
            keyDigest = try container.decode(IdempotencyKey.self, forKey: .key).digest
        }
        clientID = try container.decode(String.self, forKey: .clientID)
        attributes = try container.decode(SessionAttributes.self, forKey: .attributes)
        showSeconds = try container.decode(Bool.self, forKey: .showSeconds)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keyDigest, forKey: .keyDigest)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(showSeconds, forKey: .showSeconds)
    }
}
