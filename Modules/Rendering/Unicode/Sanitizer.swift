/// Makes text from data safe to put on a terminal.
///
/// A session name, a server message or anything a person typed may hold bytes a terminal
/// obeys instead of showing: ESC starts an escape sequence that can move the cursor,
/// retitle the window or rewrite the clipboard; CR and backspace overwrite what was drawn;
/// bidirectional overrides reorder it (the "Trojan Source" trick). The toolkit never lets
/// one through: ``Text`` sanitises its content, and ``Canvas`` sanitises every character
/// it writes, so no path from data to the screen skips this.
///
/// The decision, documented in `Documentation/Rendering.md`:
/// - line feed, carriage return and CR LF are line breaks: ``lines(of:)`` splits on them,
///   so they shape the layout and are never written;
/// - a tab becomes one space;
/// - any other cluster holding a C0 control (ESC included), DEL, a C1 control, a line or
///   paragraph separator, or a bidirectional embedding, override or isolate control is
///   replaced, whole, by U+FFFD REPLACEMENT CHARACTER, so the reader sees that something
///   was there.
///
/// Zero-width joiners, variation selectors and left-to-right or right-to-left marks stay:
/// emoji and scripts need them, and they move nothing.
public enum Sanitizer {
    /// What an unsafe cluster becomes: `�`, one cell wide.
    public static let replacement: Character = "\u{FFFD}"

    /// Whether a scalar must never reach a terminal.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The character itself when safe, a space for a tab, ``replacement`` otherwise.
    @inlinable
    public static func clean(_ character: Character) -> Character {
        if let ascii = character.asciiValue, character.utf8.count == 1 {
            if ascii >= 0x20 && ascii != 0x7F { return character }
            return ascii == 0x09 ? " " : replacement
        }
        for scalar in character.unicodeScalars where isUnsafe(scalar) { return replacement }
        return character
    }

    /// The text with every cluster cleaned; line breaks are replaced too, since a caller
    /// that wants lines asks ``lines(of:)``.
    public static func clean(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { result.append(clean(character)) }
        return result
    }

    /// The text split at line breaks (LF, CR, CR LF), each line cleaned.
    public static func lines(of text: some StringProtocol) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(current)
                current = ""
            } else {
                current.append(clean(character))
            }
        }
        lines.append(current)
        return lines
    }
}
