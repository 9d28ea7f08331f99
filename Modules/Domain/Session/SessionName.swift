/// A session's name as a person sees it: 1 to 64 visible characters, no control
/// characters. Leading and trailing white space is trimmed.
///
/// Length is counted in grapheme clusters (what a reader calls a character), so an emoji
/// with a skin tone or a family of four joined by zero-width joiners counts once.
public struct SessionName: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The longest name, in visible characters.
    public static let maximumLength = 64

    /// The name, trimmed and checked.
    public let value: String

    /// Checks and trims a name, answering an error that says how to fix it.
    public init(_ raw: String) throws(ValidationError) {
        if Self.isPlainASCII(raw) {
            value = raw
            return
        }
        for scalar in raw.unicodeScalars where Self.isForbidden(scalar) {
            throw .nameHasControlCharacter(scalar: scalar.value)
        }
        let trimmed = raw.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .nameEmpty }
        guard trimmed.count <= Self.maximumLength else { throw .nameTooLong(length: trimmed.count) }
        value = trimmed
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        do {
            try self.init(raw)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    public var description: String { value }

    /// Whether `raw` needs no trimming and passes every check by its bytes alone: at most
    /// ``maximumLength`` printable ASCII characters, neither first nor last a space. Such a
    /// name (most names, read by the thousand from the history) is taken as it is, without
    /// walking its characters; the answer is the one the full checks give.
    private static func isPlainASCII(_ raw: String) -> Bool {
        let bytes = raw.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
            bytes.count <= maximumLength
        else { return false }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional
    /// embedding, override and isolate controls, which can reorder what a terminal shows.
    /// Zero-width joiners and variation selectors stay allowed: emoji need them.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
