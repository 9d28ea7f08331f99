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
        let lowest: Int64 = -62_167_219_200_000  // 0000-01-01T00:00:00.000Z
        let highest: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
        let ms = min(max(milliseconds(date), lowest), highest)
        let (dayNumber, msOfDay) = CivilCalendar.floorDivide(ms, 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDays: dayNumber)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1_000 % 60
        let millis = msOfDay % 1_000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2) + "."
            + pad(millis, 3) + "Z"
    }

    /// Reads RFC 3339 text: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of any length
    /// (rounded to milliseconds), then `Z` or an offset `±HH:MM`. Answers `nil` for
    /// anything else, so a caller can name the field that was wrong.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
            let day = digits(2), expect("Tt "), let hour = digits(2), expect(":"),
            let minute = digits(2), expect(":"), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }

        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }

        var offsetSeconds: Int64 = 0
        if expect("Zz") {
            // UTC
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(":"), let offsetMinutes = digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = CivilCalendar.days(year: year, month: month, day: day)
        let wholeSeconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59) - offsetSeconds
        let ms = wholeSeconds * 1_000 + Int64((fraction * 1_000).rounded())
        return Date(timeIntervalSince1970: Double(ms) / 1_000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
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
