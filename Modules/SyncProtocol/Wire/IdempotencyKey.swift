import Domain

/// A client's own name for one creation of an activity: sent again with every retry of
/// that creation, so the server answers the retry with the activity it already made
/// instead of making a second one. Over HTTP it is the `Idempotency-Key` header of the
/// IETF httpapi draft (ADR 0018).
///
/// A replayed creation hands back the activity's token, so a key must be hard to guess:
/// at least 16 characters (a random UUID, 36, is the intended kind), and only characters
/// that pass through a header, a URL and a JSON string unchanged.
public struct IdempotencyKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The shortest key accepted: shorter ones are too easy to guess.
    public static let minimumLength = 16
    /// The longest key accepted, as for client and intent ids.
    public static let maximumLength = IntentRequest.maximumIDLength

    /// The HTTP header that carries a creation's key.
    package static let headerName = "Idempotency-Key"

    /// The key's text.
    public let value: String

    /// A key, checked: 16 to 128 characters, each a letter, a digit, or one of `- _ . : ~`.
    ///
    /// - Throws: ``SyncError/badRequest(_:)`` saying what a key must be.
    public init(_ value: String) throws(SyncError) {
        guard (Self.minimumLength...Self.maximumLength).contains(value.utf8.count),
            value.utf8.allSatisfy(Self.isAllowed)
        else {
            throw .badRequest(
                "'Idempotency-Key' must be \(Self.minimumLength) to \(Self.maximumLength) characters, each a letter, "
                    + "a digit or one of - _ . : ~ (a random UUID is a good key); send a new one of that form.")
        }
        self.value = value
    }

    /// A fresh random key: what a client makes once per creation it means, before the
    /// first try, and reuses in each retry.
    public static func random() -> IdempotencyKey {
        // SecureToken's 64 hex digits are always a valid key.
        IdempotencyKey(trusted: SecureToken.make())
    }

    /// A key read from the `Idempotency-Key` header: a Structured Field string as the draft
    /// writes it (`"…"`), or the bare text many clients send; either way checked.
    package init(header: String) throws(SyncError) {
        var text = Substring(header.trimmingWhitespace)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        try self.init(String(text))
    }

    /// The header value a client sends: the key as a Structured Field string.
    package var headerValue: String { "\"\(value)\"" }

    /// A key that was checked before it was stored; not checked again, so a stored key
    /// stays readable whatever a later version allows.
    private init(trusted value: String) {
        self.value = value
    }

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        self.init(trusted: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: ":"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
