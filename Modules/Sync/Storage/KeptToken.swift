/// An activity's bearer token as the server keeps it (ADR 0023).
///
/// A presented token is checked against ``digest``, its SHA-256, so a storage need not
/// keep the token itself:
/// - A shared store (PostgreSQL) keeps ``sharedForm``: the digest and, for an activity a
///   keyed creation made, the token ``sealed`` with that creation's idempotency key. The
///   key itself is kept only as its digest (``ActivityCreation/keyDigest``), so the rows
///   alone give no token back; a retried creation, which presents the key, does.
/// - The personal JSON files keep the token itself (``plain``): their host rejoins a
///   session it kept running after its terminal quit, and they are the person's own,
///   readable by nobody else (mode 0600), as the token held by their screen is.
public struct KeptToken: Hashable, Sendable {
    /// The token's SHA-256, as 64 lowercase hex digits.
    public let digest: String
    /// The token XORed with a keystream of its creation's key, as hex digits; `nil` for an
    /// activity made without a key.
    public let sealed: String?
    /// The token itself, where the storage keeps it; `nil` in a shared store.
    public let plain: String?

    /// The new token `token` of activity `activityID`, sealed with `creationKey` when a
    /// keyed creation made it.
    public init(_ token: String, sealedWith creationKey: IdempotencyKey? = nil, activityID: String) {
        digest = Hashing.sha256Hex(of: token)
        sealed = creationKey.map { Self.seal(Array(token.utf8), key: $0, activityID: activityID) }.map(Hex.encode)
        plain = token
    }

    /// A token as a storage read it back.
    public init(digest: String, sealed: String?, plain: String?) {
        self.digest = digest
        self.sealed = sealed
        self.plain = plain
    }

    /// What a shared store keeps: the digest and the sealed token, not the token.
    public var sharedForm: KeptToken {
        KeptToken(digest: digest, sealed: sealed, plain: nil)
    }

    /// Whether `presented` is the token: their digests compared in time that does not
    /// depend on where they differ.
    public func admits(_ presented: String) -> Bool {
        SecureToken.matches(Hashing.sha256Hex(of: presented), digest)
    }

    /// The token, for the retry of the keyed creation `key` that made activity
    /// `activityID`: kept whole, or unsealed with `key`. `nil` when it cannot be had (the
    /// activity was made without a key, or `key` is not the one that sealed it).
    public func revealed(with key: IdempotencyKey, activityID: String) -> String? {
        if let plain { return plain }
        guard let sealed, let bytes = Hex.decode(sealed) else { return nil }
        let token = String(decoding: Self.seal(bytes, key: key, activityID: activityID), as: UTF8.self)
        return admits(token) ? token : nil
    }

    /// `bytes` XORed with the keystream of `key` and `activityID`: SHA-256 blocks of the
    /// key, the id and a counter. Applied twice, it gives `bytes` back.
    static func seal(_ bytes: [UInt8], key: IdempotencyKey, activityID: String) -> [UInt8] {
        let seed = Array("little-moments token seal\u{0}\(key.value)\u{0}\(activityID)\u{0}".utf8)
        var stream: [UInt8] = []
        var block: UInt32 = 0
        while stream.count < bytes.count {
            stream += Hashing.sha256(seed + withUnsafeBytes(of: block.bigEndian, Array.init))
            block += 1
        }
        return zip(bytes, stream).map { $0 ^ $1 }
    }
}
