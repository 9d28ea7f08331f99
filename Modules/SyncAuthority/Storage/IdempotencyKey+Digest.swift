import AccessKeys
import SyncProtocol

extension IdempotencyKey {
    /// The key's SHA-256, as 64 lowercase hex digits: how the server keeps it, since the
    /// key unseals the token of the activity it made (``KeptToken``).
    public var digest: String { Hashing.sha256Hex(of: value) }
}
