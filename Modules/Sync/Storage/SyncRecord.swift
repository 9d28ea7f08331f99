/// One durable change of the server: the new snapshot of an activity (with its token, and
/// the request of a keyed creation, when it was created) and, when an intent caused it,
/// the answer that intent was given, so a retried intent or creation gets the same answer
/// after a restart.
///
/// Records only ever append. ``fold(_:)`` turns any sequence of them back into the state of
/// every activity; a storage may compact a long log by writing one record per activity
/// with ``StoredActivity/checkpoint``.
public struct SyncRecord: Hashable, Sendable, Codable {
    /// The activity's snapshot after the change.
    public let snapshot: ActivitySnapshot
    /// The activity's bearer token, as the storage keeps it: present when the activity
    /// was created (and in checkpoints), absent otherwise. In the JSON, `token` when kept
    /// whole; else `token_sha256` and, for a keyed creation, `sealed_token`.
    public let token: KeptToken?
    /// The answers this record remembers: the one for the intent that caused the change,
    /// or, in a checkpoint, every answer still remembered.
    public let answers: [StoredAnswer]
    /// The request of a keyed creation: present when such a creation made the activity
    /// (and in its checkpoints), absent otherwise. Optional in the JSON, so records
    /// written before keys existed read unchanged.
    public let creation: ActivityCreation?
    /// The id of the person's key that made the activity, on a server that requires keys:
    /// present when it was created (and in its checkpoints), absent otherwise, so records
    /// of servers without keys are written and read as before (ADR 0021).
    public let owner: String?

    /// A record.
    public init(
        snapshot: ActivitySnapshot, token: KeptToken?, answers: [StoredAnswer], creation: ActivityCreation? = nil,
        owner: String? = nil
    ) {
        self.snapshot = snapshot
        self.token = token
        self.answers = answers
        self.creation = creation
        self.owner = owner
    }

    enum CodingKeys: String, CodingKey {
        case snapshot, token, answers, creation, owner
        case tokenDigest = "token_sha256"
        case sealedToken = "sealed_token"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        snapshot = try container.decode(ActivitySnapshot.self, forKey: .snapshot)
        if let plain = try container.decodeIfPresent(String.self, forKey: .token) {
            token = KeptToken(
                digest: Hashing.sha256Hex(of: plain), sealed: try container.decodeIfPresent(String.self, forKey: .sealedToken),
                plain: plain)
        } else if let digest = try container.decodeIfPresent(String.self, forKey: .tokenDigest) {
            token = KeptToken(
                digest: digest, sealed: try container.decodeIfPresent(String.self, forKey: .sealedToken), plain: nil)
        } else {
            token = nil
        }
        answers = try container.decode([StoredAnswer].self, forKey: .answers)
        creation = try container.decodeIfPresent(ActivityCreation.self, forKey: .creation)
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
    }

    /// Writes the token whole where it is kept whole (the digest follows from it), and
    /// otherwise its digest; and its sealed form, if any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(snapshot, forKey: .snapshot)
        if let token {
            if let plain = token.plain {
                try container.encode(plain, forKey: .token)
            } else {
                try container.encode(token.digest, forKey: .tokenDigest)
            }
            try container.encodeIfPresent(token.sealed, forKey: .sealedToken)
        }
        try container.encode(answers, forKey: .answers)
        try container.encodeIfPresent(creation, forKey: .creation)
        try container.encodeIfPresent(owner, forKey: .owner)
    }

    /// The state of every activity after `records`, in the order they were committed.
    /// A record for an unknown activity without a token is ignored: it cannot be reached.
    public static func fold(_ records: some Sequence<SyncRecord>) -> [String: StoredActivity] {
        var activities: [String: StoredActivity] = [:]
        for record in records { StoredActivity.absorb(record, into: &activities) }
        return activities
    }
}

/// What the server remembers of an activity: its latest snapshot, its token, the request
/// of the keyed creation that made it, and the answers of recent intents.
public struct StoredActivity: Hashable, Sendable {
    /// How many answers an activity remembers for each client: a client retries its own
    /// recent intents, so a few per client cover every retry, however busy others are.
    public static let answersPerClient = 16
    /// How many answers an activity remembers in all; the oldest are forgotten first.
    public static let rememberedAnswers = 256

    /// The latest snapshot.
    public var snapshot: ActivitySnapshot
    /// The bearer token, as the storage keeps it. Only the server changes it, to seal it
    /// again the current way (ADR 0024).
    public internal(set) var token: KeptToken
    /// The keyed creation that made it; `nil` when it was created without a key.
    public let creation: ActivityCreation?
    /// The id of the person's key that made it; `nil` on a server without keys.
    public let owner: String?
    /// Remembered answers, oldest first.
    public private(set) var answers: [StoredAnswer] = []
    private var answerIndex: [IntentKey: Int] = [:]

    /// An activity with no remembered answers yet.
    public init(snapshot: ActivitySnapshot, token: KeptToken, creation: ActivityCreation? = nil, owner: String? = nil) {
        self.snapshot = snapshot
        self.token = token
        self.creation = creation
        self.owner = owner
    }

    /// An activity with no remembered answers yet, whose token `token` is kept whole.
    public init(snapshot: ActivitySnapshot, token: String, creation: ActivityCreation? = nil, owner: String? = nil) {
        self.init(snapshot: snapshot, token: KeptToken(token, activityID: snapshot.id), creation: creation, owner: owner)
    }

    /// The answer given to an intent, if it is remembered.
    public func answer(for key: IntentKey) -> StoredAnswer? {
        answerIndex[key].map { answers[$0] }
    }

    /// Remembers an answer, forgetting the client's oldest past ``answersPerClient`` and
    /// the activity's oldest past ``rememberedAnswers``.
    public mutating func remember(_ answer: StoredAnswer) {
        if answerIndex[answer.key] != nil { return }
        answers.append(answer)
        let clientID = answer.key.clientID
        if answers.lazy.filter({ $0.key.clientID == clientID }).count > Self.answersPerClient,
            let oldest = answers.firstIndex(where: { $0.key.clientID == clientID })
        {
            answers.remove(at: oldest)
        }
        if answers.count > Self.rememberedAnswers { answers.removeFirst(answers.count - Self.rememberedAnswers) }
        if answers.count == answerIndex.count + 1, answers.last?.key == answer.key {
            answerIndex[answer.key] = answers.count - 1
        } else {
            answerIndex = Dictionary(uniqueKeysWithValues: answers.enumerated().map { ($0.element.key, $0.offset) })
        }
    }

    /// Folds one record into a set of activities: a record with a token (a creation or a
    /// checkpoint) brings the activity in; any other record moves its snapshot forward and
    /// adds its answers. A record for an unknown activity without a token is ignored.
    public static func absorb(_ record: SyncRecord, into activities: inout [String: StoredActivity]) {
        let id = record.snapshot.id
        if let token = record.token, activities[id].map({ $0.snapshot.version < record.snapshot.version }) ?? true {
            activities[id] = StoredActivity(
                snapshot: record.snapshot, token: token, creation: record.creation, owner: record.owner)
        }
        guard var activity = activities[id] else { return }
        if record.snapshot.version >= activity.snapshot.version { activity.snapshot = record.snapshot }
        for answer in record.answers { activity.remember(answer) }
        activities[id] = activity
    }

    /// This activity as a shared store keeps it: its token's digest and sealed form, not
    /// the token (ADR 0023).
    public var sharedForm: StoredActivity {
        var shared = StoredActivity(snapshot: snapshot, token: token.sharedForm, creation: creation, owner: owner)
        for answer in answers { shared.remember(answer) }
        return shared
    }

    /// One record that restores this activity whole: what a storage writes when it
    /// compacts its log.
    public var checkpoint: SyncRecord {
        SyncRecord(snapshot: snapshot, token: token, answers: answers, creation: creation, owner: owner)
    }

    public static func == (lhs: StoredActivity, rhs: StoredActivity) -> Bool {
        lhs.snapshot == rhs.snapshot && lhs.token == rhs.token && lhs.creation == rhs.creation
            && lhs.owner == rhs.owner && lhs.answers == rhs.answers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(snapshot)
        hasher.combine(token)
        hasher.combine(creation)
        hasher.combine(owner)
        hasher.combine(answers)
    }
}

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
