import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes JSON byte for byte as ``CommandOutput/printJSON(_:)`` prints it (Foundation's
/// `JSONEncoder` with pretty printing, sorted keys and unescaped slashes, then a newline),
/// for a document too long to build as values first: `moments history --json` over
/// 100,000 sessions (ADR 0061).
///
/// The caller writes members in sorted key order; the writer keeps the indentation and
/// commas, and hands its bytes on in chunks of about ``chunkSize`` at the ends of values,
/// so a long document is never held whole. Tests hold every document it writes to the
/// `Encodable` one through `JSONEncoder`.
struct PrettyJSONWriter {
    /// About how many bytes are handed on at once.
    static let chunkSize = 1 << 20

    /// Where each chunk goes, valid UTF-8 (a chunk never splits a value).
    private let emit: (String) -> Void
    private var bytes: [UInt8] = []
    /// Per open container: whether a member or element has been written in it yet.
    private var hasMembers: [Bool] = []

    /// A writer handing its chunks to `emit`.
    init(emit: @escaping (String) -> Void) {
        self.emit = emit
        bytes.reserveCapacity(Self.chunkSize + 4_096)
    }

    /// Opens an object: at the top, as an element of the open array, or as the value of `key`.
    mutating func openObject(key: String? = nil) {
        open(UInt8(ascii: "{"), key: key)
    }

    /// Opens an array, as ``openObject(key:)`` opens an object.
    mutating func openArray(key: String? = nil) {
        open(UInt8(ascii: "["), key: key)
    }

    /// Closes the innermost object.
    mutating func closeObject() {
        close(UInt8(ascii: "}"))
    }

    /// Closes the innermost array.
    mutating func closeArray() {
        close(UInt8(ascii: "]"))
    }

    /// A member whose value is a string, or `null` when `value` is `nil`.
    mutating func member(_ key: String, string value: String?) {
        startValue(key: key)
        if let value { appendString(value.utf8) } else { append("null") }
    }

    /// A member whose value is an instant, as ``Domain/Instant`` writes it.
    mutating func member(_ key: String, instant value: Date) {
        startValue(key: key)
        bytes.append(UInt8(ascii: "\""))
        Instant.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A member whose value is a UUID, as `UUID` encodes itself: upper-case hexadecimal.
    mutating func member(_ key: String, uuid value: UUID) {
        startValue(key: key)
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: value.uuid) { raw in
            for (offset, byte) in raw.enumerated() {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(Self.upperHex[Int(byte >> 4)])
                bytes.append(Self.upperHex[Int(byte & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A member whose value is a number, or `null` when `value` is `nil`: the shortest
    /// text that reads back as the same `Double`, without a trailing `.0`, as `JSONEncoder`
    /// writes it. The value must be finite (an encoder refuses any other).
    mutating func member(_ key: String, number value: Double?) {
        startValue(key: key)
        guard let value else { return append("null") }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// Ends the document with a newline, and hands on what is left.
    mutating func finish() {
        bytes.append(0x0A)
        flush()
    }

    private mutating func open(_ bracket: UInt8, key: String?) {
        if let key { startValue(key: key) } else if !hasMembers.isEmpty { startValue(key: nil) }
        bytes.append(bracket)
        hasMembers.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = hasMembers.removeLast()
        // An empty container still takes a blank line, as `JSONEncoder` writes it.
        bytes.append(0x0A)
        if !hadMembers { bytes.append(0x0A) }
        indent(hasMembers.count)
        bytes.append(bracket)
        if bytes.count >= Self.chunkSize { flush() }
    }

    /// The comma and line break before a value, its indentation and, in an object, its key.
    private mutating func startValue(key: String?) {
        if hasMembers.last == true { bytes.append(UInt8(ascii: ",")) }
        if !hasMembers.isEmpty {
            hasMembers[hasMembers.count - 1] = true
            bytes.append(0x0A)
            indent(hasMembers.count)
        }
        if let key {
            appendString(key.utf8)
            append(" : ")
        }
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { append("  ") }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string as `JSONEncoder` escapes it: the quote, the backslash and the C0
    /// controls (short forms where JSON has them, else `\u00xx`); everything else as is.
    private mutating func appendString(_ text: String.UTF8View) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0C: append("\\f")
            case 0x0D: append("\\r")
            case 0x00..<0x20:
                append("\\u00")
                bytes.append(Self.lowerHex[Int(byte >> 4)])
                bytes.append(Self.lowerHex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func flush() {
        guard !bytes.isEmpty else { return }
        emit(String(decoding: bytes, as: UTF8.self))
        bytes.removeAll(keepingCapacity: true)
    }

    private static let upperHex = Array("0123456789ABCDEF".utf8)
    private static let lowerHex = Array("0123456789abcdef".utf8)
}
