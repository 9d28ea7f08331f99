import Sync
import Testing

/// How the server keeps a token (ADR 0023): the digest admits the token and nothing else;
/// the sealed form gives the token back to the holder of its creation's key only; the
/// shared form holds neither the token nor the key.
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

    @Test("the digest is the standard SHA-256 of the token, byte for byte what earlier versions stored")
    func theDigestIsTheStandards() throws {
        // Written by the hand-written SHA-256 these digests were stored with before ADR 0024.
        #expect(KeptToken(Self.token, activityID: "a").digest == "9135b7c888713888240c647e9d07adf33ffd7837ef5c4a702fd936b798af14f6")
        #expect(KeptToken("abc", activityID: "a").digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(try IdempotencyKey("3f9c2a64-8d1e-4b7a-9c55-0e6f1d2b7a48").digest == "1f9a86d0e947a829262e845ff3a02a98da1691b91c7b967217704047484ac277")
    }

    @Test func onlyTheCreationsKeyUnsealsTheToken() throws {
        let key = try IdempotencyKey("the-creations-own-key")
        let kept = KeptToken(Self.token, sealedWith: key, activityID: "a").sharedForm
        let sealed = try #require(kept.sealed)
        #expect(!sealed.contains(Self.token))
        #expect(kept.revealed(with: key, activityID: "a") == Self.token)
        #expect(kept.revealed(with: try IdempotencyKey("another-clients-key"), activityID: "a") == nil)
        // The same key seals another activity's token otherwise.
        #expect(KeptToken(Self.token, sealedWith: key, activityID: "b").sealed != sealed)
        #expect(kept.revealed(with: key, activityID: "b") == nil)
        // Without a key there is nothing to unseal; a token kept whole is given as it is.
        #expect(KeptToken(Self.token, activityID: "a").sharedForm.revealed(with: key, activityID: "a") == nil)
        #expect(KeptToken(Self.token, activityID: "a").revealed(with: key, activityID: "a") == Self.token)
    }

    @Test func aTokenOfAnyLengthSealsAndUnseals() throws {
        let key = try IdempotencyKey("the-creations-own-key")
        for length in [1, 31, 32, 33, 64, 100] {
            let token = String(repeating: "x", count: length)
            let kept = KeptToken(token, sealedWith: key, activityID: "a").sharedForm
            #expect(kept.revealed(with: key, activityID: "a") == token)
        }
    }
}
