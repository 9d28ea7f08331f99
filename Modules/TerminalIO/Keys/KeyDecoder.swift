/// Turns the bytes a terminal in raw mode sends into ``Key``s.
///
/// It knows what xterm-compatible terminals send: UTF-8 text, C0 controls, CSI sequences
/// (`ESC [ A`, `ESC [ 3 ~`, with optional modifier parameters, which it ignores) and SS3
/// sequences (`ESC O A`, what some terminals send for arrows in application mode). A key's
/// bytes arrive together in one read, so an escape at the very end of a chunk is the
/// Escape key itself; anything it does not know is dropped rather than typed.
public struct KeyDecoder: Sendable {
    /// A decoder with nothing pending.
    public init() {}

    /// The keys in one chunk of input, in order.
    public func decode(_ bytes: [UInt8]) -> [Key] {
        tokens(bytes).compactMap(\.key)
    }

    /// One step of decoding: the bytes it read and the key they make, if any (an unknown
    /// sequence or a broken character makes none).
    package struct Token: Hashable, Sendable {
        /// The key, or nil when the bytes are dropped.
        package let key: Key?
        /// Where the bytes are in the chunk.
        package let bytes: Range<Int>
    }

    /// The chunk cut into the steps ``decode(_:)`` takes, each with its bytes. It exists so
    /// the key decoder's fuzz target can prove every byte is read exactly once, in order,
    /// by the same code `decode` runs.
    package func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < bytes.count {
            let (key, length) = Self.step(bytes, at: index)
            tokens.append(Token(key: key, bytes: index..<(index + length)))
            index += length
        }
        return tokens
    }

    /// The key of the bytes at `index` and how many bytes it takes (at least one).
    private static func step(_ bytes: [UInt8], at index: Int) -> (Key?, Int) {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x20: return (.space, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte - 1 + UInt8(ascii: "a")))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        default: return character(bytes, at: index)
        }
    }

    /// The UTF-8 character starting at `index`. Only continuation bytes are taken after
    /// the lead, so a character cut short never swallows the key after it (an escape, a
    /// letter); a broken sequence is dropped, never typed.
    private static func character(_ bytes: [UInt8], at index: Int) -> (Key?, Int) {
        let wanted = utf8Length(bytes[index])
        var end = index + 1
        while end < bytes.count, end - index < wanted, (0x80...0xBF).contains(bytes[end]) { end += 1 }
        guard end - index == wanted, let text = String(validating: bytes[index..<end], as: UTF8.self),
            let character = text.first
        else { return (nil, end - index) }
        return (.character(character), end - index)
    }

    /// The key of the sequence starting with the escape at `start`, and how many bytes it
    /// takes. An unknown sequence answers no key, so its bytes are not typed as text.
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> (Key?, Int) {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let introducer = bytes[start + 1]
        if introducer == 0x1B { return (.escape, 1) }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Alt with a key: the escape is a key of its own, the next byte another.
            return (.escape, 1)
        }
        var index = start + 2
        var parameters = ""
        // Parameter and intermediate bytes (0x20 to 0x3F), then one final byte (0x40 to 0x7E).
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) {
            parameters.unicodeScalars.append(Unicode.Scalar(bytes[index]))
            index += 1
        }
        guard index < bytes.count, (0x40...0x7E).contains(bytes[index]) else { return (nil, index - start) }
        let final = Character(Unicode.Scalar(bytes[index]))
        let length = index + 1 - start
        let first = parameters.split(separator: ";").first.map(String.init) ?? ""
        switch final {
        case "A": return (.up, length)
        case "B": return (.down, length)
        case "C": return (.right, length)
        case "D": return (.left, length)
        case "H": return (.home, length)
        case "F": return (.end, length)
        case "~":
            switch first {
            case "1", "7": return (.home, length)
            case "3": return (.delete, length)
            case "4", "8": return (.end, length)
            case "5": return (.pageUp, length)
            case "6": return (.pageDown, length)
            default: return (nil, length)
            }
        default: return (nil, length)
        }
    }

    /// How many bytes a UTF-8 sequence starting with `byte` has (1 for a stray byte).
    private static func utf8Length(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC0...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF7: return 4
        default: return 1
        }
    }
}
