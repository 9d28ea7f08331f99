import AccessKeys
import Crypto

/// An activity's token as a request presented it, hashed once: what ``KeptToken`` checks it
/// against is its SHA-256, so the hash is taken where the request is read, not on the
/// server's actor where every decision waits its turn, and with nothing allocated (issue 25:
/// a check through ``Hashing/sha256Hex(of:)`` made six arrays and strings a request).
struct PresentedToken: Sendable {
    /// The SHA-256 of the token's UTF-8.
    let digest: SHA256Digest
    /// Whether the token was empty: a missing token, not a wrong one.
    let isEmpty: Bool

    /// The token `token`, hashed.
    init(_ token: String) {
        var token = token
        isEmpty = token.isEmpty
        digest = token.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
    }
}

extension KeptToken {
    /// Whether `presented` is the token: its digest and the one kept compared in time that
    /// does not depend on where they differ.
    func admits(_ presented: PresentedToken) -> Bool {
        presented.digest.withUnsafeBytes { Hex.matches($0, digest) }
    }
}
