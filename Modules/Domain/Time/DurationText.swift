/// Durations as people type them on a command line: `10m`, `90s`, `1h15m`, `1h 15m 30s`,
/// a bare number of minutes (`20`, `2.5`), or the clock form that
/// ``timerDisplayFromSeconds(seconds:showSeconds:)`` shows (`10:00`, `1:15:00`), so what a
/// person reads on screen they can type back.
///
/// A duration is shown on a timer by ``timerDisplayFromSeconds(seconds:showSeconds:)``; here
/// it is read, and written back in the words it is typed in (``written(_:)``).
public enum DurationText {
    /// Seconds for the text, checked against ``SessionLimits/targetRange``.
    public static func parse(_ text: String) throws(ValidationError) -> Double {
        try SessionLimits.validatedTarget(try seconds(text))
    }

    /// Seconds for the text, finite and not negative, in no range: for a duration with
    /// limits of its own (a bell program's parts), which says them in its own words.
    public static func seconds(_ text: String) throws(ValidationError) -> Double {
        let trimmed = text.trimmingWhitespace.lowercased()
        guard !trimmed.isEmpty else { throw .unreadableDuration(text: text) }
        if let minutes = Double(trimmed) {
            guard minutes >= 0, (minutes * 60).isFinite else { throw .unreadableDuration(text: text) }
            return minutes * 60
        }
        if trimmed.contains(":") { return try clock(trimmed, original: text) }
        var total = 0.0
        var number = ""
        var seenUnits: Set<Character> = []
        for character in trimmed where character != " " {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let scale: Double
            switch character {
            case "h": scale = 3_600
            case "m": scale = 60
            case "s": scale = 1
            default: throw .unreadableDuration(text: text)
            }
            guard let value = Double(number), value.isFinite, !seenUnits.contains(character) else {
                throw .unreadableDuration(text: text)
            }
            seenUnits.insert(character)
            total += value * scale
            number = ""
        }
        guard number.isEmpty, !seenUnits.isEmpty, total.isFinite else { throw .unreadableDuration(text: text) }
        return total
    }

    /// `seconds` written as ``parse(_:)`` reads a duration back: whole seconds largest unit
    /// first with no unit of zero (`25h`, `1h15m`, `1m30s`, `0s`), a fraction as seconds
    /// alone (`90.5s`, which reads back exactly), `-` before a negative one. For bell
    /// programs in words and for messages about a duration a person typed: `90000.0
    /// seconds` is not what they wrote, `25h` is.
    public static func written(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds) seconds" }
        guard seconds >= 0 else { return "-" + written(-seconds) }
        // A fraction, or a number past Int's range, is written as it is.
        guard seconds < 9e15, seconds == seconds.rounded(.down) else { return "\(seconds)s" }
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3_600, whole / 60 % 60, whole % 60)
        let parts = [(hours, "h"), (minutes, "m"), (rest, "s")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return parts.isEmpty ? "0s" : parts.joined()
    }

    /// `M:SS` or `H:MM:SS`.
    private static func clock(_ text: String, original: String) throws(ValidationError) -> Double {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            let values = Optional(parts.compactMap { Int($0) }), values.count == parts.count,
            values.allSatisfy({ $0 >= 0 }), values.dropFirst().allSatisfy({ $0 < 60 })
        else { throw .unreadableDuration(text: original) }
        // In Double: an hour field of any size is then out of range, never an overflow.
        return values.reduce(0.0) { $0 * 60 + Double($1) }
    }
}
