import AccessKeys
import SyncProtocol
/// An activity's bearer token as the server keeps it (ADR 0023, sealed as ADR 0024 says).
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
    /// The token sealed with its creation's key: `aes-gcm:` and hex digits (AES-GCM under
    /// a key derived from the creation's key and the activity's id, ADR 0024), or, when it
    /// was sealed before that and its creation has not been retried since, hex digits
    /// alone (``isSealedTheLegacyWay``). `nil` for an activity made without a key.
    public let sealed: String?
    /// The token itself, where the storage keeps it; `nil` in a shared store.
    public let plain: String?

    /// The new token `token` of activity `activityID`, kept whole and not sealed: an
    /// activity made without a key.
    public init(_ token: String, activityID: String) {
        digest = Hashing.sha256Hex(of: token)
        sealed = nil
        plain = token
    }

    /// The new token `token` of activity `activityID`, sealed with `creationKey` when a
    /// keyed creation made it.
    ///
    /// - Throws: `SyncError.storageFailed(_:)` if the cipher fails (it does not, given a
    ///   working system random generator).
    public init(_ token: String, sealedWith creationKey: IdempotencyKey?, activityID: String) throws(SyncError) {
        digest = Hashing.sha256Hex(of: token)
        sealed = try creationKey.map { (key) throws(SyncError) in try TokenSeal.seal(token, key: key, activityID: activityID) }
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
        admits(PresentedToken(presented))
    }

    /// Whether the token is sealed the way it was before ADR 0024 (an XOR keystream): it
    /// is still read, and ``resealed(with:activityID:)`` gives its current form.
    public var isSealedTheLegacyWay: Bool {
        sealed.map { !TokenSeal.isCurrent($0) } ?? false
    }

    /// The token, for the retry of the keyed creation `key` that made activity
    /// `activityID`: kept whole, or unsealed with `key`. `nil` when it cannot be had (the
    /// activity was made without a key, `key` is not the one that sealed it, or the seal
    /// was changed): never anything but the token.
    public func revealed(with key: IdempotencyKey, activityID: String) -> String? {
        if let plain { return plain }
        return unsealed(with: key, activityID: activityID)
    }

    /// This token sealed the current way, for a token sealed the legacy way that `key`
    /// unseals: what a storage writes in its place on the first retry of its creation.
    /// `nil` when there is nothing to rewrite (no seal, or a current one) or `key` does
    /// not unseal it.
    ///
    /// - Throws: `SyncError.storageFailed(_:)` if the cipher fails.
    public func resealed(with key: IdempotencyKey, activityID: String) throws(SyncError) -> KeptToken? {
        guard isSealedTheLegacyWay, let token = unsealed(with: key, activityID: activityID) else { return nil }
        return KeptToken(digest: digest, sealed: try TokenSeal.seal(token, key: key, activityID: activityID), plain: plain)
    }

    /// The sealed token opened with `key`, whichever way it was sealed, if it is the token
    /// ``digest`` admits: GCM's tag checks the current seal, the digest checks both.
    private func unsealed(with key: IdempotencyKey, activityID: String) -> String? {
        guard let sealed else { return nil }
        let opened: String?
        if TokenSeal.isCurrent(sealed) {
            opened = TokenSeal.open(sealed, key: key, activityID: activityID)
        } else {
            opened = LegacyTokenSeal.open(sealed, key: key, activityID: activityID).map { String(decoding: $0, as: UTF8.self) }
        }
        guard let opened, admits(opened) else { return nil }
        return opened
    }
}
