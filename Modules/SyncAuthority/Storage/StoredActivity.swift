import SyncProtocol
/// What the server remembers of an activity: its latest snapshot, its token (and a group
/// sit's follow code), the request of the keyed creation that made it, and the answers of
/// recent intents.
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
    /// A group sit's follow code (`JoinCode.secret`), kept as the token is: whole in the
    /// personal files, its digest and seal in a shared store; `nil` for a sit alone.
    public let followCode: KeptToken?
    /// The keyed creation that made it; `nil` when it was created without a key.
    public let creation: ActivityCreation?
    /// The id of the person's access key that made it; `nil` on a server without keys.
    public let owner: String?
    /// Remembered answers, oldest first.
    public var answers: [StoredAnswer] { remembered.all }
    /// The same, in chunks that copies of this activity share (an intent remembers its
    /// answer on a copy, and copying them all was most of its cost).
    private var remembered = RememberedAnswers()

    /// An activity with no remembered answers yet.
    public init(
        snapshot: ActivitySnapshot, token: KeptToken, creation: ActivityCreation? = nil, owner: String? = nil,
        followCode: KeptToken? = nil
    ) {
        self.snapshot = snapshot
        self.token = token
        self.creation = creation
        self.owner = owner
        self.followCode = followCode
    }

    /// An activity with no remembered answers yet, whose token `token` is kept whole.
    public init(snapshot: ActivitySnapshot, token: String, creation: ActivityCreation? = nil, owner: String? = nil) {
        self.init(snapshot: snapshot, token: KeptToken(token, activityID: snapshot.id), creation: creation, owner: owner)
    }

    /// The answer given to an intent, if it is remembered.
    public func answer(for key: IntentKey) -> StoredAnswer? {
        remembered.answer(for: key)
    }

    /// Remembers an answer, forgetting the client's oldest past ``answersPerClient`` and
    /// the activity's oldest past ``rememberedAnswers``.
    public mutating func remember(_ answer: StoredAnswer) {
        remembered.remember(answer, perClient: Self.answersPerClient, inAll: Self.rememberedAnswers)
    }

    /// Folds one record into a set of activities: a record with a token (a creation or a
    /// checkpoint) brings the activity in; any other record moves its snapshot forward and
    /// adds its answers. A record for an unknown activity without a token is ignored.
    public static func absorb(_ record: SyncRecord, into activities: inout [String: StoredActivity]) {
        let id = record.snapshot.id
        if let token = record.token, activities[id].map({ $0.snapshot.version < record.snapshot.version }) ?? true {
            activities[id] = StoredActivity(
                snapshot: record.snapshot, token: token, creation: record.creation, owner: record.owner,
                followCode: record.followCode)
        }
        guard var activity = activities[id] else { return }
        if record.snapshot.version >= activity.snapshot.version { activity.snapshot = record.snapshot }
        for answer in record.answers { activity.remember(answer) }
        activities[id] = activity
    }

    /// This activity as a shared store keeps it: its token's digest and sealed form, not
    /// the token (ADR 0023).
    public var sharedForm: StoredActivity {
        var shared = StoredActivity(
            snapshot: snapshot, token: token.sharedForm, creation: creation, owner: owner, followCode: followCode?.sharedForm)
        for answer in answers { shared.remember(answer) }
        return shared
    }

    /// One record that restores this activity whole: what a storage writes when it
    /// compacts its log.
    public var checkpoint: SyncRecord {
        SyncRecord(snapshot: snapshot, token: token, answers: answers, creation: creation, owner: owner, followCode: followCode)
    }

    public static func == (lhs: StoredActivity, rhs: StoredActivity) -> Bool {
        lhs.snapshot == rhs.snapshot && lhs.token == rhs.token && lhs.creation == rhs.creation
            && lhs.owner == rhs.owner && lhs.followCode == rhs.followCode && lhs.answers == rhs.answers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(snapshot)
        hasher.combine(token)
        hasher.combine(creation)
        hasher.combine(owner)
        hasher.combine(followCode)
        hasher.combine(answers)
    }
}
