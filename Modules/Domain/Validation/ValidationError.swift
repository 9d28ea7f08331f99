/// Why a value offered to the Domain was refused, with a message that says what to do.
///
/// Every entry point that takes data from a person or another program (a session name, a
/// target, a setting, a decoded document) answers with one of these instead of trapping.
public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The session name has no visible character.
    case nameEmpty
    /// The session name has more visible characters than ``SessionName/maximumLength``.
    case nameTooLong(length: Int)
    /// The session name holds a control character (or a bidirectional override), which
    /// could rewrite the terminal it is shown on.
    case nameHasControlCharacter(scalar: UInt32)
    /// A target outside ``SessionLimits/targetRange`` (or not a finite number).
    case targetOutOfRange(seconds: Double)
    /// A number that must be finite was NaN or infinite.
    case notFinite(field: String)
    /// A number below its allowed minimum.
    case negative(field: String, value: Double)
    /// A setting key that does not exist.
    case unknownSetting(key: String)
    /// A setting value that does not fit its key.
    case invalidSettingValue(key: String, value: String, expected: String)
    /// A duration such as `10m` that could not be read.
    case unreadableDuration(text: String)
    /// A bell program that cannot be rung as given, with what to do instead.
    case bellProgram(String)
    /// A scheduled start (``ContentState/startsAt``) that does not fit the state it is in.
    case scheduledStart(String)
    /// A channel storage policy (``ChannelStorage``) asked for a sit alone, which has no
    /// channel.
    case channelWithoutGroup

    public var description: String {
        switch self {
        case .nameEmpty:
            return "The session name is empty. Give it 1 to \(SessionName.maximumLength) visible characters."
        case .nameTooLong(let length):
            return "The session name has \(length) characters; shorten it to at most \(SessionName.maximumLength)."
        case .nameHasControlCharacter(let scalar):
            let code = String(scalar, radix: 16, uppercase: true)
            return "The session name contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code); "
                + "use letters, digits, spaces, punctuation or emoji only."
        case .targetOutOfRange(let seconds):
            return "A target of \(DurationText.written(seconds)) is out of range; choose from 1 second to 8 hours."
        case .notFinite(let field):
            return "'\(field)' must be a finite number."
        case .negative(let field, let value):
            return "'\(field)' must not be negative (got \(value))."
        case .unknownSetting(let key):
            return "There is no setting '\(key)'. Known settings: \(Settings.Key.allCases.map(\.rawValue).joined(separator: ", "))."
        case .invalidSettingValue(let key, let value, let expected):
            return "'\(value)' is not a valid value for '\(key)'; expected \(expected)."
        case .unreadableDuration(let text):
            return "'\(text)' is not a duration; write it like 10m, 90s, 1h15m or a number of minutes such as 20."
        case .bellProgram(let message), .scheduledStart(let message):
            return message
        case .channelWithoutGroup:
            return "Only a group sit has a channel whose storage can be chosen; make the sit a group or leave its channel storage out."
        }
    }
}
