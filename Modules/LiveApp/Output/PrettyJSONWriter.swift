import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes JSON byte for byte as ``CommandOutput/printJSON(_:)`` prints it (Foundation's
/// `JSONEncoder` with pretty printing, sorted keys and unescaped slashes, then a newline),
/// for a document too long to build as values first: `moments history --json` over
/// 100,000 sessions (ADR 0035).
///
/// The caller writes members in sorted key order; the writer keeps the indentation and
/// commas, writes into one buffer, and hands it on whenever it fills, between two values,
/// so a chunk is whole UTF-8 and a long document is never held whole. Tests hold every
/// document it writes to the `Encodable` one through `JSONEncoder`. A non-copyable struct,
/// not a class: a class's properties are checked for exclusive access at run time on every
/// byte written, which cost a tenth of the command.
struct PrettyJSONWriter: ~Copyable {
    /// About how many bytes are handed on at once.
    static let chunkSize = 1 << 20

    /// Where each chunk goes.
    private let emit: (String) -> Void
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Per open container: whether a member or element has been written in it yet.
    private var hasMembers: [Bool] = []

    /// A writer handing its chunks to `emit`.
    init(emit: @escaping (String) -> Void) {
        self.emit = emit
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        buffer.deallocate()
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
        if let value { string(value) } else { ascii("null") }
    }

    /// A member whose value is an instant, as ``Domain/Instant`` writes it.
    mutating func member(_ key: String, instant value: Date) {
        startValue(key: key)
        reserve(Instant.formattedLength + 2)
        put(UInt8(ascii: "\""))
        count += Instant.write(value, to: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        put(UInt8(ascii: "\""))
    }

    /// A member whose value is a UUID, as `UUID` encodes itself: upper-case hexadecimal.
    mutating func member(_ key: String, uuid value: UUID) {
        startValue(key: key)
        reserve(38)
        put(UInt8(ascii: "\""))
        withUnsafeBytes(of: value.uuid) { raw in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { put(UInt8(ascii: "-")) }
                put(Self.upperHex[Int(raw[offset] >> 4)])
                put(Self.upperHex[Int(raw[offset] & 0x0F)])
            }
        }
        put(UInt8(ascii: "\""))
    }

    /// A member whose value is a number, or `null` when `value` is `nil`: the shortest
    /// text that reads back as the same `Double`, without a trailing `.0`, as `JSONEncoder`
    /// writes it. The value must be finite (an encoder refuses any other).
    mutating func member(_ key: String, number value: Double?) {
        startValue(key: key)
        guard let value else { return ascii("null") }
        reserve(JSONText.longestNumber)
        count += JSONText.writeNumber(value, to: buffer.baseAddress! + count)
    }

    /// Ends the document with a newline, and hands on what is left.
    mutating func finish() {
        reserve(1)
        put(0x0A)
        flush()
    }

    // MARK: - structure

    private mutating func open(_ bracket: UInt8, key: String?) {
        if key != nil || !hasMembers.isEmpty { startValue(key: key) }
        reserve(1)
        put(bracket)
        hasMembers.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = hasMembers.removeLast()
        // An empty container still takes a blank line, as `JSONEncoder` writes it.
        newline(depth: hasMembers.count, blank: !hadMembers)
        reserve(1)
        put(bracket)
    }

    /// The comma and line break before a value, its indentation and, in an object, its key.
    private mutating func startValue(key: String?) {
        if let last = hasMembers.indices.last {
            if hasMembers[last] {
                reserve(1)
                put(UInt8(ascii: ","))
            }
            hasMembers[last] = true
            newline(depth: hasMembers.count, blank: false)
        }
        if let key {
            string(key)
            ascii(" : ")
        }
    }

    private mutating func newline(depth: Int, blank: Bool) {
        reserve(2 + 2 * depth)
        put(0x0A)
        if blank { put(0x0A) }
        for _ in 0..<2 * depth { put(UInt8(ascii: " ")) }
    }

    // MARK: - values

    /// A JSON string as `JSONEncoder` escapes it (``Domain/JSONText``).
    private mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(JSONText.longestString(bytes.count))
            count += JSONText.writeString(bytes, to: buffer.baseAddress! + count)
        }
    }

    // MARK: - the buffer

    /// Text that needs no escaping: structure, `null`, a number.
    private mutating func ascii(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(bytes.count)
            put(bytes)
        }
    }

    /// Makes room for `needed` more bytes: hands on what is written when it would not fit
    /// (always between two values), and grows the buffer for one value longer than it.
    private mutating func reserve(_ needed: Int) {
        guard count + needed > buffer.count else { return }
        flush()
        if needed > buffer.count {
            buffer.deallocate()
            buffer = .allocate(capacity: needed)
        }
    }

    private mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        (buffer.baseAddress! + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    private mutating func flush() {
        guard count > 0 else { return }
        emit(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
        count = 0
    }

    private static let upperHex = Array("0123456789ABCDEF".utf8)
}
