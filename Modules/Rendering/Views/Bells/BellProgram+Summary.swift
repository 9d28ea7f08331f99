import Domain

extension BellProgram {
    /// The program as a person reads it, shortest first: `silent`, or its parts joined by
    /// ` · `, such as `30s warm-up · 1 to begin · every 5 min · 3 to end`. Where the settings
    /// list the chosen bells, and in the showcase's settings scenarios.
    public var summary: String {
        if self == .silent { return "silent" }
        var parts: [String] = []
        if warmUpSeconds > 0 { parts.append(DurationText.written(warmUpSeconds) + " warm-up") }
        if startStrikes > 0 { parts.append("\(startStrikes) to begin") }
        switch interval {
        case .every(let seconds)?:
            parts.append("every " + Self.spoken(seconds) + (intervalStrikes > 1 ? " ×\(intervalStrikes)" : ""))
        case .at(let instants)?:
            parts.append("at " + instants.map(Self.spoken).joined(separator: ", ")
                + (intervalStrikes > 1 ? " ×\(intervalStrikes)" : ""))
        case nil: break
        }
        if endStrikes > 0 { parts.append("\(endStrikes) to end") }
        return parts.joined(separator: " · ")
    }

    /// Whole minutes as `5 min`, anything else as typed (`90s`, `1h15m`).
    private static func spoken(_ seconds: Double) -> String {
        seconds.truncatingRemainder(dividingBy: 60) == 0 && seconds < 3_600
            ? "\(Int(seconds / 60)) min" : DurationText.written(seconds)
    }
}
