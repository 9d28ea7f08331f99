/// Bytes as lowercase hex digits, and back: how digests and sealed tokens are written.
public enum Hex {
    /// Two lowercase hex digits per byte.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is `bytes` as ``encode(_:)`` writes them, in time that depends only
    /// on their lengths, not on where they differ; nothing is allocated.
    ///
    /// Both are read in place, not through their iterators: walking a digest, another
    /// module's type, as a `Sequence` was most of the token check of every intent
    /// (issue 25, ADR 0045).
    public static func matches(_ bytes: UnsafeRawBufferPointer, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { digits in
            guard digits.count == 2 * bytes.count else { return false }
            var difference: UInt8 = 0
            for (index, byte) in bytes.enumerated() {
                difference |= digits[2 * index] ^ digit(byte >> 4)
                difference |= digits[2 * index + 1] ^ digit(byte & 0x0F)
            }
            return difference == 0
        }
    }

    /// The lowercase hex digit of a value below 16.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The bytes of `text`, or `nil` when it is not an even number of hex digits.
    public static func decode(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
