/// Bell programs as people type them, on the command line (`--bells`) and in the settings
/// (`moments settings set bells …`):
///
/// - a duration, `5m`: interval bells every five minutes;
/// - instants, `25m,30m,55m`: interval bells at those instants of time sat;
/// - a preset's name: `none` (no warm-up, no bell), `simple` (one strike to begin, three
///   to end), `zen` (three strikes to begin and to end);
/// - or words, each changing one part: `warm-up=30s`, `start=1`, `every=5m` or
///   `at=25m,30m`, `strikes=2` (each interval bell's), `end=3`, `every=off`.
///
/// Durations read as everywhere (`90s`, `5m`, `1h15m`, a bare number of minutes). What is
/// not given is kept from the program it is read over: the person's default.
extension BellProgram {
    /// The named presets, by name.
    public static let presets: [(name: String, program: BellProgram)] = [
        ("none", .silent),
        ("simple", BellProgram(uncheckedStart: 1, end: 3)),
        ("zen", BellProgram(uncheckedStart: 3, end: 3)),
    ]

    /// Reads `text` over `base`: the parts it names replace `base`'s, the rest is kept.
    public static func parse(_ text: String, over base: BellProgram) throws(ValidationError) -> BellProgram {
        let trimmed = text.trimmingWhitespace.lowercased()
        guard !trimmed.isEmpty else { throw .bellProgram(advice(for: text)) }
        if let preset = presets.first(where: { $0.name == trimmed }) { return preset.program }
        if !trimmed.contains("=") {
            // A lone word that is no duration is no program either: say what programs are.
            if !trimmed.contains(","), (try? DurationText.seconds(trimmed)) == nil { throw .bellProgram(advice(for: text)) }
            return try base.replacing(interval: try interval(trimmed, original: text))
        }
        var (warmUp, start, interval, strikes, end) =
            (base.warmUpSeconds, base.startStrikes, base.interval, base.intervalStrikes, base.endStrikes)
        for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .bellProgram(advice(for: String(word))) }
            switch parts[0] {
            case "warm-up", "warmup": warmUp = parts[1] == "off" ? 0 : try DurationText.seconds(parts[1])
            case "start": start = try count(parts[1], of: "start")
            case "end": end = try count(parts[1], of: "end")
            case "strikes": strikes = try count(parts[1], of: "strikes")
            case "every", "at": interval = parts[1] == "off" ? nil : try Self.interval(parts[1], original: String(word))
            default: throw .bellProgram(advice(for: String(word)))
            }
        }
        return try BellProgram(
            warmUpSeconds: warmUp, startStrikes: start, interval: interval, intervalStrikes: strikes, endStrikes: end)
    }

    /// The program in words that ``parse(_:over:)`` reads back as it is, whatever it is read
    /// over: `none`, or `start=1 every=5m strikes=1 end=3` and so on.
    public var text: String {
        if self == .silent { return "none" }
        var words: [String] = []
        if warmUpSeconds > 0 { words.append("warm-up=" + DurationText.written(warmUpSeconds)) }
        words.append("start=\(startStrikes)")
        switch interval {
        case .every(let seconds)?: words.append("every=" + DurationText.written(seconds))
        case .at(let instants)?: words.append("at=" + instants.map { DurationText.written($0) }.joined(separator: ","))
        case nil: words.append("every=off")
        }
        if interval != nil { words.append("strikes=\(intervalStrikes)") }
        words.append("end=\(endStrikes)")
        if warmUpSeconds == 0 { words.insert("warm-up=0", at: 0) }
        return words.joined(separator: " ")
    }

    /// The same program with other interval bells.
    func replacing(interval: BellInterval?) throws(ValidationError) -> BellProgram {
        try BellProgram(
            warmUpSeconds: warmUpSeconds, startStrikes: startStrikes, interval: interval, intervalStrikes: intervalStrikes,
            endStrikes: endStrikes)
    }

    /// The same program with another warm-up.
    public func replacing(warmUpSeconds: Double) throws(ValidationError) -> BellProgram {
        try BellProgram(
            warmUpSeconds: warmUpSeconds, startStrikes: startStrikes, interval: interval, intervalStrikes: intervalStrikes,
            endStrikes: endStrikes)
    }

    private init(uncheckedStart start: Int, end: Int) {
        do {
            try self.init(startStrikes: start, endStrikes: end)
        } catch {
            preconditionFailure("a preset is valid: \(error)")
        }
    }

    /// `5m` (every) or `25m,30m,55m` (at).
    private static func interval(_ text: String, original: String) throws(ValidationError) -> BellInterval {
        guard text.contains(",") else { return .every(try DurationText.seconds(text)) }
        var instants: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            instants.append(try DurationText.seconds(String(part)))
        }
        return .at(instants)
    }

    private static func count(_ text: String, of part: String) throws(ValidationError) -> Int {
        guard let strikes = Int(text) else {
            throw .bellProgram("'\(text)' is not a number of strikes for '\(part)'; write 0 to \(maximumStrikes), such as \(part)=3.")
        }
        return strikes
    }

    private static func advice(for text: String) -> String {
        "'\(text)' is not a bell program; write a duration (5m), instants (25m,30m,55m), a preset ("
            + presets.map(\.name).joined(separator: ", ")
            + ") or words such as 'warm-up=30s start=1 every=5m strikes=1 end=3'."
    }
}
