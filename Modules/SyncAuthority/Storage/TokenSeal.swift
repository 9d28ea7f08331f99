import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import SyncProtocol

/// How a keyed creation's token is sealed on a shared store (ADR 0024): AES-GCM, under a
/// key that HKDF-SHA256 derives from the creation's idempotency key, salted with
/// ``label`` and bound to the activity's id. The database keeps the key only as its
/// digest, so only a retried creation, which presents the key, opens the seal; and GCM's
/// tag makes a wrong key, another activity's id or a changed byte fail to open rather
/// than give anything back.
///
/// A seal is ``prefix`` and the hex digits of the nonce, the ciphertext and the tag
/// (swift-crypto's `combined` form). The prefix tells it from the hex digits alone of the
/// seal before it (``LegacyTokenSeal``), which is only ever read.
enum TokenSeal {
    /// What every seal of this form begins with.
    static let prefix = "aes-gcm:"
    /// HKDF's salt: a seal of this project, of this form, is never a key for anything else.
    static let label = "little-moments token seal aes-gcm v1"

    /// `token` sealed for activity `activityID` with its creation's `key`, with a fresh
    /// random nonce.
    ///
    /// - Throws: ``SyncError/storageFailed(_:)`` if the cipher fails, which a well-formed
    ///   key and nonce never make it do.
    static func seal(_ token: String, key: IdempotencyKey, activityID: String) throws(SyncError) -> String {
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.seal(Array(token.utf8), using: derivedKey(key, activityID: activityID))
        } catch {
            throw .storageFailed("the token of activity \(activityID) could not be sealed: \(error)")
        }
        // Only a nonce of another size than the default 12 bytes has no combined form.
        guard let combined = box.combined else {
            throw .storageFailed("the token of activity \(activityID) could not be sealed: no combined form")
        }
        return prefix + Hex.encode(combined)
    }

    /// The token sealed in `sealed`, or `nil` when it is not a seal of this form, or was
    /// not made with `key` for `activityID`, or was changed since.
    static func open(_ sealed: String, key: IdempotencyKey, activityID: String) -> String? {
        guard sealed.hasPrefix(prefix), let bytes = Hex.decode(String(sealed.dropFirst(prefix.count))),
            let box = try? AES.GCM.SealedBox(combined: bytes),
            let opened = try? AES.GCM.open(box, using: derivedKey(key, activityID: activityID))
        else { return nil }
        return String(decoding: opened, as: UTF8.self)
    }

    /// Whether `sealed` is of this form (else it is a legacy one, or damaged).
    static func isCurrent(_ sealed: String) -> Bool {
        sealed.hasPrefix(prefix)
    }

    /// The cipher's 256-bit key: HKDF-SHA256 of the idempotency key's text, salted with
    /// ``label``, with the activity's id as its info, so that one idempotency key gives
    /// each activity a key of its own.
    private static func derivedKey(_ key: IdempotencyKey, activityID: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Array(key.value.utf8)), salt: Array(label.utf8),
            info: Array(activityID.utf8), outputByteCount: 32)
    }
}
