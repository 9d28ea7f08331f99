#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes compact JSON byte for byte as Foundation's `JSONEncoder` writes it with sorted
/// keys and unescaped slashes: the form every store of the project keeps its records in.
///
/// For records written so often that the encoder is the cost: the sync server's journal
/// writes every change of every activity, and `JSONEncoder` boxes each field of each value
/// on its way (half of an intent's CPU time, issue 25). A type writes its members in
/// sorted key order (``JSONWritable``); the writer puts the commas, escapes strings as the
/// encoder does, and writes numbers as the encoder does. Tests hold every writer to the
/// type's `Encodable` form through `JSONEncoder`, which stays the reference.
///
/// A non-copyable struct over a buffer of its own: a class's stored properties would be
/// checked for exclusive access at every byte.
public struct JSONWriter: ~Copyable {
    private var buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    /// Whether the next value or key follows another in its container, so takes a comma.
    private var followsValue = false

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 512) {
        buffer = .allocate(byteCount: max(16, capacity), alignment: 1)
    }

    deinit {
        buffer.deallocate()
    }

    /// What was written, handed over without a copy.
    public consuming func finish() -> Data {
        let (base, written) = (buffer.baseAddress!, count)
        discard self
        return Data(bytesNoCopy: base, count: written, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    // MARK: - structure

    /// Opens an object, as a value.
    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        followsValue = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        followsValue = true
    }

    /// Opens an array, as a value.
    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        followsValue = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        followsValue = true
    }

    /// The key of the next member of the open object: a plain ASCII name, written as it
    /// is (every key of the project's records is one), in sorted order by the caller.
    public mutating func key(_ name: StaticString) {
        separate()
        reserve(name.utf8CodeUnitCount + 3)
        put(UInt8(ascii: "\""))
        put(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        followsValue = false
    }

    /// Ends a line of a file of one value per line: a newline, after the value.
    public mutating func endLine() {
        put(0x0A)
        followsValue = false
    }

    // MARK: - values

    /// A string, escaped as `JSONEncoder` escapes it: the quote, the backslash and the C0
    /// controls (short forms where JSON has them, else `\u00xx`); everything else as is.
    public mutating func string(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { bytes in
            reserve(JSONText.longestString(bytes.count))
            count += JSONText.writeString(bytes, to: buffer.baseAddress! + count)
        }
        followsValue = true
    }

    /// A number as `JSONEncoder` writes a `Double`: the shortest text that reads back as
    /// it, without a trailing `.0`. The value must be finite (the encoder refuses others).
    public mutating func number(_ value: Double) {
        separate()
        reserve(JSONText.longestNumber)
        count += JSONText.writeNumber(value, to: buffer.baseAddress! + count)
        followsValue = true
    }

    /// An integer.
    public mutating func integer(_ value: Int) {
        separate()
        reserve(20)
        if value < 0 { put(UInt8(ascii: "-")) }
        count += JSONText.writeDigits(UInt64(value.magnitude), to: buffer.baseAddress! + count)
        followsValue = true
    }

    /// An unsigned integer.
    public mutating func integer(_ value: UInt64) {
        separate()
        reserve(20)
        count += JSONText.writeDigits(value, to: buffer.baseAddress! + count)
        followsValue = true
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// `null`.
    public mutating func null() {
        raw("null")
    }

    /// An instant as ``Instant`` text, the form every Domain type encodes dates in.
    public mutating func instant(_ date: Date) {
        separate()
        reserve(Instant.formattedLength + 2)
        put(UInt8(ascii: "\""))
        count += Instant.write(
            date, to: UnsafeMutableBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + count,
                count: Instant.formattedLength))
        put(UInt8(ascii: "\""))
        followsValue = true
    }

    /// A value that writes itself.
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// A value that writes itself, answering where its bytes are (its comma, if any, left
    /// out), for ``repeatValue(at:)``.
    public mutating func valueAt(_ value: some JSONWritable) -> Range<Int> {
        separate()
        followsValue = false
        let start = count
        value.write(to: &self)
        return start..<count
    }

    /// A value written before, again: the bytes at `range`, as ``valueAt(_:)`` answered it.
    /// For a record that holds one value twice, a copy of its bytes instead of writing it.
    public mutating func repeatValue(at range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range this writer wrote")
        separate()
        reserve(range.count)
        (buffer.baseAddress! + count).copyMemory(from: buffer.baseAddress! + range.lowerBound, byteCount: range.count)
        count += range.count
        followsValue = true
    }

    // MARK: - the buffer

    private mutating func raw(_ text: StaticString) {
        separate()
        reserve(text.utf8CodeUnitCount)
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        followsValue = true
    }

    /// The comma before a key or value that follows another in its container.
    private mutating func separate() {
        guard followsValue else { return }
        reserve(1)
        put(UInt8(ascii: ","))
    }

    private mutating func reserve(_ needed: Int) {
        guard count + needed > buffer.count else { return }
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(buffer.count * 2, count + needed), alignment: 1)
        grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: count)
        buffer.deallocate()
        buffer = grown
    }

    /// One byte; room is reserved by the caller, except for the closing brackets, which
    /// reserve their own.
    private mutating func put(_ byte: UInt8) {
        if count == buffer.count { reserve(1) }
        buffer[count] = byte
        count += 1
    }

    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        (buffer.baseAddress! + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }
}

/// A value that writes its own JSON, byte for byte its `Encodable` form through
/// `JSONEncoder` with sorted keys (see ``JSONWriter``).
public protocol JSONWritable {
    /// Writes this value, members in sorted key order.
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// This value's JSON on its own.
    public var jsonData: Data {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.finish()
    }
}

/// The pieces of JSON text that ``JSONWriter`` and the pretty writer of
/// `moments history --json` both write, each as `JSONEncoder` does, into memory the caller
/// has made room in.
public enum JSONText {
    /// The most bytes ``writeString(_:to:)`` writes for `count` bytes of UTF-8.
    public static func longestString(_ count: Int) -> Int { 2 + 6 * count }

    /// The most bytes ``writeNumber(_:to:)`` writes.
    public static let longestNumber = 32

    /// Writes `utf8` as a quoted, escaped JSON string at `output`; answers the byte count.
    public static func writeString(_ utf8: UnsafeBufferPointer<UInt8>, to output: UnsafeMutableRawPointer) -> Int {
        let out = output.assumingMemoryBound(to: UInt8.self)
        out[0] = UInt8(ascii: "\"")
        var written = 1
        if let base = utf8.baseAddress, !utf8.contains(where: needsEscape) {
            (out + 1).update(from: base, count: utf8.count)
            written += utf8.count
        } else {
            for byte in utf8 { written += writeEscaped(byte, to: out + written) }
        }
        out[written] = UInt8(ascii: "\"")
        return written + 1
    }

    /// Writes `value` as `JSONEncoder` writes a `Double` at `output`; answers the byte count.
    public static func writeNumber(_ value: Double, to output: UnsafeMutableRawPointer) -> Int {
        let out = output.assumingMemoryBound(to: UInt8.self)
        if let written = writeMilliseconds(value, to: out) { return written }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text.withUTF8 { bytes in
            out.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// Writes the decimal digits of `value` at `output`; answers the byte count.
    public static func writeDigits(_ value: UInt64, to output: UnsafeMutableRawPointer) -> Int {
        let out = output.assumingMemoryBound(to: UInt8.self)
        var length = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        var rest = value
        for offset in (0..<length).reversed() {
            out[offset] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        }
        return length
    }

    /// Writes `value` when it is a whole number of milliseconds below a trillion seconds,
    /// not negative (every duration the project keeps, and every instant as Unix seconds):
    /// its digits, and up to three decimals without trailing zeros. Such a `Double` is
    /// within far less than half a millisecond of no other such decimal (its spacing there
    /// is at most 0.00013), so this is the shortest text that reads back as it, the one
    /// `description` gives. Answers `nil`, writing nothing, for any other.
    private static func writeMilliseconds(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard value >= 0, value < 1e12, value.sign == .plus else { return nil }
        let scaled = (value * 1_000).rounded()
        guard scaled / 1_000 == value else { return nil }
        let total = UInt64(scaled)
        var written = writeDigits(total / 1_000, to: out)
        var fraction = total % 1_000
        guard fraction > 0 else { return written }
        out[written] = UInt8(ascii: ".")
        written += 1
        var divisor: UInt64 = 100
        while fraction > 0 {
            out[written] = UInt8(truncatingIfNeeded: 48 + fraction / divisor)
            written += 1
            fraction %= divisor
            divisor /= 10
        }
        return written
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// One byte of a string, escaped when it must be; answers the byte count.
    private static func writeEscaped(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            case 0x08: UInt8(ascii: "b")
            case 0x09: UInt8(ascii: "t")
            case 0x0A: UInt8(ascii: "n")
            case 0x0C: UInt8(ascii: "f")
            case 0x0D: UInt8(ascii: "r")
            default: nil
            }
        if let short {
            out[0] = UInt8(ascii: "\\")
            out[1] = short
            return 2
        }
        guard byte < 0x20 else {
            out[0] = byte
            return 1
        }
        let hex: StaticString = "0123456789abcdef"
        for (offset, part) in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")].enumerated() {
            out[offset] = part
        }
        out[4] = hex.utf8Start[Int(byte >> 4)]
        out[5] = hex.utf8Start[Int(byte & 0x0F)]
        return 6
    }
}
