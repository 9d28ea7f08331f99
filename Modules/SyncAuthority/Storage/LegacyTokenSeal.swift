import AccessKeys
import SyncProtocol
/// The seal tokens had before ADR 0024, kept only to read what was sealed then: the token
/// XORed with a keystream of SHA-256 blocks over `little-moments token seal`, the
/// creation's key and the activity's id (each followed by a zero byte) and a big-endian
/// 32-bit block counter, written as hex digits alone.
///
/// It never seals: a token read through it is sealed again with ``TokenSeal`` when its
/// creation is retried (``KeptToken/resealed(with:activityID:)``). It authenticates
/// nothing by itself; ``KeptToken`` takes what it gives only when its digest is the
/// token's.
enum LegacyTokenSeal {
    /// The bytes sealed in `sealed` with `key` for `activityID`, or `nil` when `sealed` is
    /// not hex digits. A wrong key gives other bytes, not `nil`: check them.
    static func open(_ sealed: String, key: IdempotencyKey, activityID: String) -> [UInt8]? {
        guard let bytes = Hex.decode(sealed) else { return nil }
        return zip(bytes, keystream(count: bytes.count, key: key, activityID: activityID)).map { $0 ^ $1 }
    }

    /// The first `count` bytes of the keystream of `key` and `activityID`.
    private static func keystream(count: Int, key: IdempotencyKey, activityID: String) -> [UInt8] {
        let seed = Array("little-moments token seal\u{0}\(key.value)\u{0}\(activityID)\u{0}".utf8)
        var stream: [UInt8] = []
        var block: UInt32 = 0
        while stream.count < count {
            stream += Hashing.sha256(seed + withUnsafeBytes(of: block.bigEndian, Array.init))
            block += 1
        }
        return stream
    }
}
