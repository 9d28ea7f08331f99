import Domain

/// A session someone can start with one key: a name and a length. The picker and the
/// widgets show these; the apps map the key to a start intent.
public struct PresetOption: Hashable, Sendable {
    /// The key that starts it: `1`, `2`, …
    public let key: String
    /// The session's name.
    public let name: String
    /// The length in seconds, or `nil` for an open-ended session.
    public let seconds: Double?

    /// A preset.
    public init(key: String, name: String, seconds: Double?) {
        self.key = key
        self.name = name
        self.seconds = seconds
    }

    /// `10 min`, `1:30` or `open`, by `timerDisplayFromSeconds(seconds:showSeconds:)`;
    /// seconds are shown only for a length that is not whole minutes.
    public var durationText: String {
        guard let seconds else { return "open" }
        let wholeMinutes = seconds.truncatingRemainder(dividingBy: 60) == 0
        return timerDisplayFromSeconds(seconds: seconds, showSeconds: !wholeMinutes)
    }
}
