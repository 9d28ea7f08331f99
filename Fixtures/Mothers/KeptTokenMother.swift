import SyncAuthority
import SyncProtocol

/// A keyed creation's token as a shared store kept it before ADR 0024: sealed the legacy
/// way (an XOR keystream of SHA-256 blocks), as schema version 4 wrote it. The seals
/// below were made by the hand-written SHA-256 and keystream of that version, not by
/// today's code, so a test that reads them proves old rows and records still read.
///
/// They hold only for ``activityID`` and ``creationKey``: a server that should find such
/// a row makes its activity under that id (`SyncServer`'s `makeID`) and that key.
public enum KeptTokenMother {
    /// The activity the seals were made for.
    public static let activityID = "7d0c5f2e-4b1a-4e8f-9a36-2c5b8d1e0f47"
    /// The keyed creation's `Idempotency-Key` they were sealed with.
    public static let creationKey = "3f9c2a64-8d1e-4b7a-9c55-0e6f1d2b7a48"
    /// The token sealed in ``legacySealed``: the mother activities' token.
    public static let token = StoredActivityMother.token
    /// The SHA-256 of ``token``, as version 4 wrote it.
    public static let tokenDigest = "a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e"
    /// ``token`` sealed the legacy way with ``creationKey`` for ``activityID``.
    public static let legacySealed =
        "c73611f9e8f30f806c1ec77ad5956b4b3e7be2caa2a4c0484f76c6b70957342460127ad001eca89b6024ecb182fc3e15ca81f2560ede34077192f8ba9c00e989"
    /// A token of 100 `x`, longer than three keystream blocks.
    public static let longToken = String(repeating: "x", count: 100)
    /// The SHA-256 of ``longToken``.
    public static let longTokenDigest = "09ecb6ebc8bcefc733f6f2ec44f791abeed6a99edf0cc31519637898aebd52d8"
    /// ``longToken`` sealed the legacy way with ``creationKey`` for ``activityID``.
    public static let longLegacySealed =
        "8f7f5bb2a4be41cf2c5fde60ce8976557632a881eee98e070f37dfad124b293a285b309b4da1e6d42065f5ab99e0230b82c8b81d42937a4831d3e1a0871cf497a3f42ac1fcdbb20cdc75f947d643536e27fc770cca4ddd261bcfbb6233f821c9f1cdebc2"

    /// The creation's key, as a value (checked like any other, so it throws in form only).
    public static func makeCreationKey() throws(SyncError) -> IdempotencyKey {
        try IdempotencyKey(creationKey)
    }

    /// ``token`` as a shared store of schema version 4 kept it: its digest and legacy seal.
    public static func makeLegacySealed() -> KeptToken {
        KeptToken(digest: tokenDigest, sealed: legacySealed, plain: nil)
    }
}
