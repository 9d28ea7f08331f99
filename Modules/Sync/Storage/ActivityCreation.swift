import Domain

/// What a keyed creation asked for, kept with the activity it made: the key finds the
/// activity again when the creation is retried, and the rest tells a true retry (the
/// same request again) from a key reused for another request, which is refused.
///
/// Written into the creation's record and every checkpoint after it, so a retry is
/// recognised also after a restart. A creation without a key keeps none.
public struct ActivityCreation: Hashable, Sendable, Codable {
    /// The client's key for this creation.
    public let key: IdempotencyKey
    /// The client that asked.
    public let clientID: String
    /// The attributes asked for.
    public let attributes: SessionAttributes
    /// Whether seconds were asked to be shown.
    public let showSeconds: Bool

    /// A creation's request.
    public init(key: IdempotencyKey, clientID: String, attributes: SessionAttributes, showSeconds: Bool) {
        self.key = key
        self.clientID = clientID
        self.attributes = attributes
        self.showSeconds = showSeconds
    }

    enum CodingKeys: String, CodingKey {
        case key
        case clientID = "client_id"
        case attributes
        case showSeconds = "show_seconds"
    }
}
