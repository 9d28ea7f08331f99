import Fixtures
import SyncAuthority
import SyncProtocol
import Testing

/// How the server keeps a token (ADR 0023, sealed as ADR 0024 says): the digest admits the
/// token and nothing else; the sealed form gives the token back to the holder of its
/// creation's key for its activity only, and gives nothing for a seal changed in any byte;
/// a seal of before ADR 0024 still reads, and is sealed again the current way.
@Suite struct KeptTokenTests {
    static let token = "5f1c9e0a7b3d4c2e8f6a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e"

    @Test func theDigestAdmitsTheTokenAndNothingElse() throws {
        let kept = KeptToken(Self.token, activityID: "a").sharedForm
        #expect(kept.plain == nil)
        #expect(kept.admits(Self.token))
        #expect(!kept.admits(String(Self.token.dropLast()) + "f"))
        #expect(!kept.admits(""))
        #expect(!kept.admits(kept.digest))
    }

    @Test("a kept digest cut short or grown admits nothing, the token included")
    func aDigestOfAnotherLengthAdmitsNothing() {
        let digest = KeptToken(Self.token, activityID: "a").digest
        for damaged in [String(digest.dropLast()), String(digest.dropLast(2)), digest + "0", digest + "00", ""] {
            #expect(!KeptToken(digest: damaged, sealed: nil, plain: nil).admits(Self.token), "digest \(damaged)")
        }
    }

    @Test("a kept digest changed in any one digit admits the token no more")
    func aDigestChangedAnywhereAdmitsNothing() {
        let digest = Array(KeptToken(Self.token, activityID: "a").digest)
        for position in digest.indices {
            var damaged = digest
            damaged[position] = damaged[position] == "0" ? "1" : "0"
            #expect(!KeptToken(digest: String(damaged), sealed: nil, plain: nil).admits(Self.token), "digit \(position)")
        }
        #expect(KeptToken(digest: String(digest), sealed: nil, plain: nil).admits(Self.token))
    }

    @Test("the digest is the standard SHA-256 of the token, byte for byte what earlier versions stored")
    func theDigestIsTheStandards() throws {
        // Written by the hand-written SHA-256 these digests were stored with before ADR 0024.
        #expect(KeptToken(Self.token, activityID: "a").digest == "9135b7c888713888240c647e9d07adf33ffd7837ef5c4a702fd936b798af14f6")
        #expect(KeptToken(KeptTokenMother.token, activityID: "a").digest == KeptTokenMother.tokenDigest)
        #expect(KeptToken("abc", activityID: "a").digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(try KeptTokenMother.makeCreationKey().digest == "1f9a86d0e947a829262e845ff3a02a98da1691b91c7b967217704047484ac277")
    }

    @Test func onlyTheCreationsKeyUnsealsTheToken() throws {
        let key = try IdempotencyKey("the-creations-own-key")
        let kept = try KeptToken(Self.token, sealedWith: key, activityID: "a").sharedForm
        let sealed = try #require(kept.sealed)
        #expect(sealed.hasPrefix("aes-gcm:") && !kept.isSealedTheLegacyWay)
        #expect(!sealed.contains(Self.token))
        #expect(kept.revealed(with: key, activityID: "a") == Self.token)
        #expect(kept.revealed(with: try IdempotencyKey("another-clients-key"), activityID: "a") == nil)
        // The same key seals another activity's token otherwise.
        #expect(try KeptToken(Self.token, sealedWith: key, activityID: "b").sealed != sealed)
        #expect(kept.revealed(with: key, activityID: "b") == nil)
        // A fresh nonce each time: the same token sealed twice is sealed differently.
        #expect(try KeptToken(Self.token, sealedWith: key, activityID: "a").sealed != sealed)
        // Without a key there is nothing to unseal; a token kept whole is given as it is.
        #expect(KeptToken(Self.token, activityID: "a").sharedForm.revealed(with: key, activityID: "a") == nil)
        #expect(KeptToken(Self.token, activityID: "a").revealed(with: key, activityID: "a") == Self.token)
        // A current seal is not rewritten.
        #expect(try kept.resealed(with: key, activityID: "a") == nil)
    }

    @Test("a seal changed in any byte, cut short or grown, gives nothing back")
    func tamperingFails() throws {
        let key = try IdempotencyKey("the-creations-own-key")
        let kept = try KeptToken(Self.token, sealedWith: key, activityID: "a").sharedForm
        let sealed = try #require(kept.sealed)
        let digits = Array(sealed.dropFirst("aes-gcm:".count))
        // Nonce (12 bytes), ciphertext (64) and tag (16): every byte's low digit flipped in turn.
        #expect(digits.count == 2 * (12 + 64 + 16))
        for index in stride(from: 1, to: digits.count, by: 2) {
            var changed = digits
            changed[index] = changed[index] == "0" ? "1" : "0"
            let tampered = KeptToken(digest: kept.digest, sealed: "aes-gcm:" + String(changed), plain: nil)
            #expect(tampered.revealed(with: key, activityID: "a") == nil, "byte \(index / 2) changed")
        }
        for variant in [
            "aes-gcm:" + String(digits.dropLast(2)), "aes-gcm:" + String(digits) + "00", "aes-gcm:", "aes-gcm:zz",
            "aes-gcm:" + String(digits.prefix(56)), String(digits),
        ] {
            let tampered = KeptToken(digest: kept.digest, sealed: variant, plain: nil)
            #expect(tampered.revealed(with: key, activityID: "a") == nil)
        }
    }

    @Test func aTokenOfAnyLengthSealsAndUnseals() throws {
        let key = try IdempotencyKey("the-creations-own-key")
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 64, 100, 1000] {
            let token = String(repeating: "x", count: length)
            let kept = try KeptToken(token, sealedWith: key, activityID: "a").sharedForm
            #expect(kept.revealed(with: key, activityID: "a") == token, "length \(length)")
            #expect(kept.revealed(with: key, activityID: "b") == nil, "length \(length)")
        }
        let accented = "é🙂 token"
        #expect(try KeptToken(accented, sealedWith: key, activityID: "a").sharedForm.revealed(with: key, activityID: "a") == accented)
    }

    @Test("a token sealed the legacy way still unseals with its key alone, and is sealed again the current way")
    func legacySealsRead() throws {
        let key = try KeptTokenMother.makeCreationKey()
        let id = KeptTokenMother.activityID
        let legacy = KeptTokenMother.makeLegacySealed()
        #expect(legacy.isSealedTheLegacyWay)
        #expect(legacy.revealed(with: key, activityID: id) == KeptTokenMother.token)
        #expect(legacy.revealed(with: try IdempotencyKey("another-clients-key"), activityID: id) == nil)
        #expect(legacy.revealed(with: key, activityID: "another-activity") == nil)
        // Past one keystream block (32 bytes), and past three.
        let long = KeptToken(digest: KeptTokenMother.longTokenDigest, sealed: KeptTokenMother.longLegacySealed, plain: nil)
        #expect(long.revealed(with: key, activityID: id) == KeptTokenMother.longToken)

        let resealed = try #require(try legacy.resealed(with: key, activityID: id))
        #expect(!resealed.isSealedTheLegacyWay && resealed.sealed?.hasPrefix("aes-gcm:") == true)
        #expect(resealed.digest == legacy.digest && resealed.plain == nil)
        #expect(resealed.revealed(with: key, activityID: id) == KeptTokenMother.token)
        #expect(resealed.revealed(with: key, activityID: "another-activity") == nil)
        // Only the key that sealed it rewrites it.
        #expect(try legacy.resealed(with: try IdempotencyKey("another-clients-key"), activityID: id) == nil)
        // A token also kept whole (the JSON files) keeps it whole when sealed again.
        let whole = KeptToken(digest: legacy.digest, sealed: legacy.sealed, plain: KeptTokenMother.token)
        #expect(try whole.resealed(with: key, activityID: id)?.plain == KeptTokenMother.token)
    }
}
