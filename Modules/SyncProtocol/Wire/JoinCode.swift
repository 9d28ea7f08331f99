import Domain

/// The code a group sit's followers join it with: the activity's id and the secret of its
/// channel, written `ID.SECRET` (ADR 0072).
///
/// The secret is a capability to follow and nothing else: it opens the sit's channel
/// (`GET /v1/channels/{id}/events` with `Join-Code: SECRET`), never its intents, which take
/// the leader's token. It is 130 random bits (``SecureToken/makeFollowCode()``), stops
/// working when the leader revokes it or the sit is dismissed, and the server keeps only
/// its SHA-256 where it keeps the token's.
public struct JoinCode: Hashable, Sendable, CustomStringConvertible {
    /// The header a follower sends the secret in.
    public static let headerName = "Join-Code"

    /// The group sit's activity id.
    public let id: String
    /// The channel's secret.
    public let secret: String

    /// The code of sit `id` whose channel's secret is `secret`.
    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// The code as a person types or pastes it; `nil` with no `.` between two non-empty
    /// parts, or a character that no code holds.
    public init?(_ text: String) {
        let text = text.trimmingWhitespace
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let id = String(text[..<dot])
        let secret = String(text[text.index(after: dot)...])
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") }
        guard !id.isEmpty, !secret.isEmpty, id.allSatisfy(allowed), secret.allSatisfy(allowed) else { return nil }
        self.init(id: id, secret: secret)
    }

    /// `ID.SECRET`.
    public var description: String { "\(id).\(secret)" }
}
