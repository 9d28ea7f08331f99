#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Scans one flat JSON object with no white space, `{"key":value,…}`, whose values are
/// strings without escapes, numbers or `null`: the shape of a history line and of the
/// request bodies the project's own client sends. Anything else makes a read answer
/// `false` or `nil`, so the caller can fall back to `JSONDecoder`, which stays the
/// reference for every input and the only source of error messages.
///
/// The reading counterpart of ``JSONWriter``: for inputs read so often that `JSONDecoder`
/// is the cost (a history of 100,000 lines, every intent a server is sent).
public struct FlatJSONScanner {
    /// A member's value, pointing into the scanned bytes.
    public enum Value {
        /// A string without escapes, its UTF-8 bytes as written (not yet validated).
        case string(UnsafeBufferPointer<UInt8>)
        /// A number, as `Double(text)` reads it.
        case number(Double)
        /// `null`.
        case null
    }

    /// The bytes scanned.
    public let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// A scanner at the start of `bytes`, which must outlive it.
    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Calls `member` for each key and value in order; answers whether the whole input was
    /// one object of the expected shape and every call accepted its member.
    public mutating func scanObject(_ member: (UnsafeBufferPointer<UInt8>, Value) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return index == bytes.count }
        repeat {
            guard let key = scanString(), take(UInt8(ascii: ":")), let value = scanValue(), member(key, value) else {
                return false
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) && index == bytes.count
    }

    // MARK: - a line of known shape

    /// Takes `literal` (ASCII) when the bytes at the cursor are exactly it.
    public mutating func expect(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let expected = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        index += count
        return true
    }

    /// A string value at the cursor, as ``scanObject(_:)`` reads one.
    public mutating func string() -> UnsafeBufferPointer<UInt8>? { scanString() }

    /// A number at the cursor, as ``scanObject(_:)`` reads one.
    public mutating func number() -> Double? { scanNumber() }

    /// A whole number written with digits only (`0|[1-9][0-9]*`, at most 19 of them, so it
    /// fits a `UInt64` exactly) at the cursor; `nil` for any other number or value, with
    /// the cursor where it was.
    public mutating func unsignedInteger() -> UInt64? {
        let start = index
        if take(UInt8(ascii: "0")) {
        } else if index < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) {
            skipDigits()
        } else {
            return nil
        }
        let end = index
        guard end - start <= 19, index == bytes.count || !Self.continuesNumber(bytes[index]) else {
            index = start
            return nil
        }
        var value: UInt64 = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[start..<end]) { value = value * 10 + UInt64(byte &- UInt8(ascii: "0")) }
        return value
    }

    /// Takes one byte when it is `byte`.
    public mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A number or `null` at the cursor; `nil` for anything else.
    public mutating func numberOrNull() -> Double?? {
        if expect("null") { return .some(nil) }
        return scanNumber().map { .some($0) }
    }

    /// Whether the cursor is past the last byte.
    public var isAtEnd: Bool { index == bytes.count }

    // MARK: - scanning

    /// Whether `byte` would go on the number before it (a digit, a fraction or an exponent).
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    private mutating func scanValue() -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return scanString().map(Value.string)
        case UInt8(ascii: "n"):
            guard bytes.count - index >= 4, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                bytes[index + 3] == UInt8(ascii: "l")
            else { return nil }
            index += 4
            return .null
        default: return scanNumber().map(Value.number)
        }
    }

    /// A string without escapes or control characters (those go to `JSONDecoder`).
    private mutating func scanString() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// A number in exactly JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func scanNumber() -> Double? {
        let start = index
        let negative = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
        } else {
            guard index < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            skipDigits()
        }
        let integerEnd = index
        var fractionDigits = 0
        if take(UInt8(ascii: ".")) {
            fractionDigits = skipDigits()
            guard fractionDigits > 0 else { return nil }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { return nil }
        } else if let exact = Self.decimal(
            integer: UnsafeBufferPointer(rebasing: bytes[(negative ? start + 1 : start)..<integerEnd]),
            fraction: UnsafeBufferPointer(rebasing: bytes[index - fractionDigits..<index]), negative: negative)
        {
            return exact
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The value of a decimal without exponent, when its digits fit a `Double` exactly and
    /// it has at most 15 fractional digits (a history's durations have 0 to 3): the digits
    /// as a whole number divided by a power of ten. Both are exact and IEEE division is
    /// correctly rounded, so the answer is the `Double` nearest the decimal, the one
    /// `Double(text)` gives, without making a string. `nil` for a longer number.
    private static func decimal(
        integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>, negative: Bool
    ) -> Double? {
        guard integer.count + fraction.count <= 15 else { return nil }
        var digits: Int64 = 0
        for byte in integer { digits = digits * 10 + Int64(byte &- UInt8(ascii: "0")) }
        for byte in fraction { digits = digits * 10 + Int64(byte &- UInt8(ascii: "0")) }
        let magnitude = Double(digits) / powersOfTen[fraction.count]
        return negative ? -magnitude : magnitude
    }

    /// 10⁰ to 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case, as `UUID(uuidString:)` reads it.
    public static func uuid(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { bytes in
            var out = 0
            var position = 0
            while position < 36 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                    continue
                }
                guard let high = hexValue(text[position]), let low = hexValue(text[position + 1]) else { return false }
                bytes[out] = high << 4 | low
                out += 1
                position += 2
            }
            return true
        }
        return complete ? UUID(uuid: value) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
