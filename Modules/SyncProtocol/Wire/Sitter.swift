/// Who a follower of a group sit is, for counting the people sitting it and nothing else
/// (ADR 0073): an opaque id made once per person's data folder (``make()``), sent by each of
/// their surfaces that follows a sit (`Sitter: ID` on the channel's stream), so that one
/// person with the timer, a watcher and a notification open counts once.
///
/// It names no one: it is random, unrelated to the person's name, machine or access key.
/// The server keeps it only while the stream is open (and, among servers sharing a
/// database, in the row that counts who follows through which server), and never shows it.
public struct Sitter: Hashable, Sendable, CustomStringConvertible {
    /// The header a follower sends it in.
    public static let headerName = "Sitter"

    /// The id: 1 to 64 ASCII letters, digits, `-` or `_`.
    public let id: String

    /// The sitter `text` names; `nil` when it is empty, longer than 64 characters or holds
    /// another character.
    public init?(_ text: String) {
        guard (1...64).contains(text.utf8.count),
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        id = text
    }

    /// A new sitter: 26 random characters (``SecureToken/makeFollowCode()``'s alphabet).
    public static func make() -> Sitter {
        Sitter(SecureToken.makeFollowCode())!
    }

    /// The id.
    public var description: String { id }
}
