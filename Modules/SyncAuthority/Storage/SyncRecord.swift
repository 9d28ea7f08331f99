import AccessKeys
import SyncProtocol
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
    /// The id of the person's access key that made the activity, on a server that requires keys:
    /// present when it was created (and in its checkpoints), absent otherwise, so records
    /// of servers without keys are written and read as before (ADR 0021).
    public let owner: String?
    /// A group sit's follow code, as the storage keeps it, when the record holds the token:
    /// in the JSON, `follow_code` when kept whole, else `follow_code_sha256` and, for a
    /// keyed creation, `sealed_follow_code`; absent for a sit alone, whose records read
    /// and write as before (ADR 0072).
    public let followCode: KeptToken?

    /// A record.
    public init(
        snapshot: ActivitySnapshot, token: KeptToken?, answers: [StoredAnswer], creation: ActivityCreation? = nil,
        owner: String? = nil, followCode: KeptToken? = nil
    ) {
        self.snapshot = snapshot
        self.token = token
        self.answers = answers
        self.creation = creation
        self.owner = owner
        self.followCode = followCode
    }

    enum CodingKeys: String, CodingKey {
        case snapshot, token, answers, creation, owner
        case tokenDigest = "token_sha256"
        case sealedToken = "sealed_token"
        case followCode = "follow_code"
        case followCodeDigest = "follow_code_sha256"
        case sealedFollowCode = "sealed_follow_code"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        snapshot = try container.decode(ActivitySnapshot.self, forKey: .snapshot)
        token = try Self.decodeKept(container, plain: .token, digest: .tokenDigest, sealed: .sealedToken)
        followCode = try Self.decodeKept(container, plain: .followCode, digest: .followCodeDigest, sealed: .sealedFollowCode)
        answers = try container.decode([StoredAnswer].self, forKey: .answers)
        creation = try container.decodeIfPresent(ActivityCreation.self, forKey: .creation)
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(snapshot, forKey: .snapshot)
        try Self.encodeKept(token, into: &container, plain: .token, digest: .tokenDigest, sealed: .sealedToken)
        try container.encode(answers, forKey: .answers)
        try container.encodeIfPresent(creation, forKey: .creation)
        try container.encodeIfPresent(owner, forKey: .owner)
        try Self.encodeKept(
            followCode, into: &container, plain: .followCode, digest: .followCodeDigest, sealed: .sealedFollowCode)
    }

    /// A kept secret read from the keys its whole form, digest and seal are written under.
    private static func decodeKept(
        _ container: KeyedDecodingContainer<CodingKeys>, plain: CodingKeys, digest: CodingKeys, sealed: CodingKeys
    ) throws -> KeptToken? {
        let seal = try container.decodeIfPresent(String.self, forKey: sealed)
        if let whole = try container.decodeIfPresent(String.self, forKey: plain) {
            return KeptToken(digest: Hashing.sha256Hex(of: whole), sealed: seal, plain: whole)
        }
        return try container.decodeIfPresent(String.self, forKey: digest).map { KeptToken(digest: $0, sealed: seal, plain: nil) }
    }

    /// Writes a kept secret whole where it is kept whole (the digest follows from it), and
    /// otherwise its digest; and its sealed form, if any.
    private static func encodeKept(
        _ kept: KeptToken?, into container: inout KeyedEncodingContainer<CodingKeys>, plain: CodingKeys,
        digest: CodingKeys, sealed: CodingKeys
    ) throws {
        guard let kept else { return }
        if let whole = kept.plain {
            try container.encode(whole, forKey: plain)
        } else {
            try container.encode(kept.digest, forKey: digest)
        }
        try container.encodeIfPresent(kept.sealed, forKey: sealed)
    }

    /// The state of every activity after `records`, in the order they were committed.
    /// A record for an unknown activity without a token is ignored: it cannot be reached.
    public static func fold(_ records: some Sequence<SyncRecord>) -> [String: StoredActivity] {
        var activities: [String: StoredActivity] = [:]
        for record in records { StoredActivity.absorb(record, into: &activities) }
        return activities
    }
}
