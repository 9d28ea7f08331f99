import SyncProtocol
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
