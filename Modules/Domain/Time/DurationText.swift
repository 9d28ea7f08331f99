/// Durations as people type them on a command line: `10m`, `90s`, `1h15m`, `1h 15m 30s`,
/// a bare number of minutes (`20`, `2.5`), or the clock form that
/// ``timerDisplayFromSeconds(seconds:showSeconds:)`` shows (`10:00`, `1:15:00`), so what a
/// person reads on screen they can type back.
///
/// This only reads; displaying a duration is ``timerDisplayFromSeconds(seconds:showSeconds:)``'s job.
public enum DurationText {
    /// Seconds for the text, checked against ``SessionLimits/targetRange``.
    public static func parse(_ text: String) throws(ValidationError) -> Double {
        let trimmed = text.trimmingWhitespace.lowercased()
        guard !trimmed.isEmpty else { throw .unreadableDuration(text: text) }
        if let minutes = Double(trimmed) {
            guard minutes.isFinite else { throw .unreadableDuration(text: text) }
            return try SessionLimits.validatedTarget(minutes * 60)
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
        guard number.isEmpty, !seenUnits.isEmpty else { throw .unreadableDuration(text: text) }
        return try SessionLimits.validatedTarget(total)
    }

    /// `M:SS` or `H:MM:SS`.
    private static func clock(_ text: String, original: String) throws(ValidationError) -> Double {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            let values = Optional(parts.compactMap { Int($0) }), values.count == parts.count,
            values.allSatisfy({ $0 >= 0 }), values.dropFirst().allSatisfy({ $0 < 60 })
        else { throw .unreadableDuration(text: original) }
        // In Double: an hour field of any size is then out of range, never an overflow.
        let seconds = values.reduce(0.0) { $0 * 60 + Double($1) }
        return try SessionLimits.validatedTarget(seconds)
    }
}
