import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SHA-256 as the server uses it: people's access keys, activities' tokens and creations'
/// idempotency keys are stored as their digests, never as themselves (ADR 0021, 0023).
///
/// swift-crypto's SHA-256 (ADR 0024). Its digests are the standard's, so those that the
/// hand-written SHA-256 of earlier versions stored are the same bytes.
public enum Hashing {
    /// The SHA-256 of `text`'s UTF-8, as 64 lowercase hex digits: how digests are stored.
    public static func sha256Hex(of text: String) -> String {
        Hex.encode(sha256(Array(text.utf8)))
    }

    /// The 32-byte SHA-256 of `message`.
    public static func sha256(_ message: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: message))
    }
}
