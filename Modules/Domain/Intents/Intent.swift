/// What a person (a key press, a widget button, another terminal) asks of a session.
/// Intents go to the server; only the server applies them, through ``Transition``.
public enum Intent: Hashable, Sendable {
    /// Begin a session with these attributes.
    case start(SessionAttributes, showSeconds: Bool)
    /// Stop the clock. Pausing a paused session changes nothing.
    case pause
    /// Start the clock again. Resuming a running session changes nothing.
    case resume
    /// End the session now, counting the time sat.
    case finish
    /// End the session without counting it.
    case cancel
    /// Move the target by this many seconds (negative to shorten it).
    case adjustTarget(bySeconds: Double)
    /// Close a group sit's channel to newcomers and followers alike: its join code stops
    /// working. Revoking a revoked code changes nothing.
    case revokeCode

    /// The name of the action on the wire and in logs.
    public var action: String {
        switch self {
        case .start: return "start"
        case .pause: return "pause"
        case .resume: return "resume"
        case .finish: return "finish"
        case .cancel: return "cancel"
        case .adjustTarget: return "adjust"
        case .revokeCode: return "revoke_code"
        }
    }
}

extension Intent: Codable {
    enum CodingKeys: String, CodingKey {
        case action, attributes
        case showSeconds = "show_seconds"
        case adjustSeconds = "adjust_seconds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .action) {
        case "start":
            self = .start(
                try container.decode(SessionAttributes.self, forKey: .attributes),
                showSeconds: try container.decode(Bool.self, forKey: .showSeconds))
        case "pause": self = .pause
        case "resume": self = .resume
        case "finish": self = .finish
        case "cancel": self = .cancel
        case "adjust": self = .adjustTarget(bySeconds: try container.decode(Double.self, forKey: .adjustSeconds))
        case "revoke_code": self = .revokeCode
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .action, in: container,
                debugDescription: "'action' must be start, pause, resume, finish, cancel, adjust or revoke_code, not '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        switch self {
        case .start(let attributes, let showSeconds):
            try container.encode(attributes, forKey: .attributes)
            try container.encode(showSeconds, forKey: .showSeconds)
        case .adjustTarget(let seconds):
            try container.encode(seconds, forKey: .adjustSeconds)
        case .pause, .resume, .finish, .cancel, .revokeCode:
            break
        }
    }
}
