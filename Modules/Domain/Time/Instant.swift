#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How instants are written in every JSON document of the project: RFC 3339 text in UTC
/// with exactly three fractional digits, `2026-11-21T07:30:00.125Z`.
///
/// Foundation's default `Date` coding writes seconds since 2001, which no other program
/// reads correctly, and ISO formatters differ between platforms. So every Domain type
/// encodes its dates through this one pair of functions, whatever strategy the encoder was
/// given. Instants are kept to the millisecond: ``canonical(_:)`` rounds a date to the
/// value that survives a round trip exactly, and every transition stores canonical dates,
/// so a state read back from disk or the wire is `==` to the one that was written.
public enum Instant {
    /// The date, rounded to the nearest millisecond, in the exact form that
    /// ``parse(_:)`` gives back for its ``format(_:)``.
    public static func canonical(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1_000)
    }

    /// Whole milliseconds since 1970-01-01T00:00:00Z, rounded to nearest.
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000).rounded()
        // Dates beyond ±292 million years have no millisecond count; clamp them.
        if value >= 9.2e18 { return 9_200_000_000_000_000_000 }
        if value <= -9.2e18 { return -9_200_000_000_000_000_000 }
        return Int64(value)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` for the date, in UTC. Years outside 0000...9999 are
    /// clamped to that range, which RFC 3339 requires.
    public static func format(_ date: Date) -> String {
        String(unsafeUninitializedCapacity: formattedLength) { write(date, to: $0) }
    }

    /// How many bytes ``format(_:)`` writes: always 24.
    public static let formattedLength = 24

    /// Writes the date as ``format(_:)`` does, as UTF-8, into the first
    /// ``formattedLength`` bytes of `buffer` (which must have room), and answers that count:
    /// for a writer of many records (`moments history --json`) that builds no string.
    @discardableResult
    public static func write(_ date: Date, to buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(buffer.count >= formattedLength, "an instant takes \(formattedLength) bytes")
        let lowest: Int64 = -62_167_219_200_000  // 0000-01-01T00:00:00.000Z
        let highest: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
        let ms = min(max(milliseconds(date), lowest), highest)
        let (dayNumber, msOfDay) = CivilCalendar.floorDivide(ms, 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDays: dayNumber)
        // Every field has a fixed width: the year is clamped to four digits above.
        var position = 0
        func put(_ value: Int64, _ digits: Int, then separator: UInt8) {
            var rest = value
            for offset in (0..<digits).reversed() {
                buffer[position + offset] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            }
            buffer[position + digits] = separator
            position += digits + 1
        }
        put(year, 4, then: UInt8(ascii: "-"))
        put(month, 2, then: UInt8(ascii: "-"))
        put(day, 2, then: UInt8(ascii: "T"))
        put(msOfDay / 3_600_000, 2, then: UInt8(ascii: ":"))
        put(msOfDay / 60_000 % 60, 2, then: UInt8(ascii: ":"))
        put(msOfDay / 1_000 % 60, 2, then: UInt8(ascii: "."))
        put(msOfDay % 1_000, 3, then: UInt8(ascii: "Z"))
        return position
    }

    /// Reads RFC 3339 text: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length
    /// (rounded to milliseconds), then `Z` or an offset `±HH:MM`. Answers `nil` for
    /// anything else, so a caller can name the field that was wrong.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// Reads RFC 3339 text given as UTF-8 bytes, exactly as ``parse(_:)`` reads a string:
    /// for a reader that finds the text inside a larger buffer (a history line) and need
    /// not copy it into a string first.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.expect(UInt8(ascii: "-")), let month = reader.digits(2),
            reader.expect(UInt8(ascii: "-")), let day = reader.digits(2),
            reader.expect(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")), let hour = reader.digits(2),
            reader.expect(UInt8(ascii: ":")), let minute = reader.digits(2), reader.expect(UInt8(ascii: ":")),
            let second = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }

        var fraction = 0.0
        if reader.expect(UInt8(ascii: ".")) {
            var scale = 0.1
            let start = reader.index
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
            }
            guard reader.index > start else { return nil }
        }

        var offsetSeconds: Int64 = 0
        if reader.expect(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            // UTC
        } else if let sign = reader.sign() {
            guard let offsetHours = reader.digits(2), reader.expect(UInt8(ascii: ":")),
                let offsetMinutes = reader.digits(2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard reader.index == bytes.count else { return nil }

        let days = CivilCalendar.days(year: year, month: month, day: day)
        let wholeSeconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59) - offsetSeconds
        let ms = wholeSeconds * 1_000 + Int64((fraction * 1_000).rounded())
        return Date(timeIntervalSince1970: Double(ms) / 1_000)
    }

    /// A cursor over the text ``parse(utf8:)`` reads.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// The number in the next `count` bytes, all decimal digits, or `nil`.
        mutating func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in index..<index + count {
                let byte = bytes[offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += count
            return value
        }

        /// The next byte's value when it is a decimal digit, taken; else `nil`.
        mutating func digit() -> Int64? {
            guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
            index += 1
            return Int64(bytes[index - 1] - 48)
        }

        /// Takes the next byte when it is `byte`, or one of the alternatives given.
        mutating func expect(_ byte: UInt8, _ other: UInt8? = nil, _ third: UInt8? = nil) -> Bool {
            guard index < bytes.count else { return false }
            let next = bytes[index]
            guard next == byte || next == other || next == third else { return false }
            index += 1
            return true
        }

        /// Takes a `+` (1) or `-` (-1).
        mutating func sign() -> Int64? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "+"): index += 1; return 1
            case UInt8(ascii: "-"): index += 1; return -1
            default: return nil
            }
        }
    }
}

extension KeyedEncodingContainer {
    /// Encodes a date as ``Instant`` text, whatever date strategy the encoder has.
    mutating func encodeInstant(_ date: Date, forKey key: Key) throws {
        try encode(Instant.format(date), forKey: key)
    }

    /// Encodes an optional date as ``Instant`` text, or `null` when absent.
    mutating func encodeInstant(_ date: Date?, forKey key: Key) throws {
        if let date { try encode(Instant.format(date), forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// Decodes ``Instant`` text, with an error that names the field and the expected form.
    func decodeInstant(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = Instant.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "'\(key.stringValue)' must be an RFC 3339 instant such as "
                    + "2026-11-21T07:30:00.000Z, not '\(text.prefix(40))'")
        }
        return date
    }

    /// Decodes optional ``Instant`` text; a missing key and `null` both give `nil`.
    func decodeInstantIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeInstant(forKey: key)
    }
}
