/// Commands a person has run when a session starts, rings a bell or ends
/// (`moments settings set hook-end 'notify-send "$MOMENTS_NAME" done'`): each is given to
/// `/bin/sh -c` as typed, by the process that hosts the session, once per event, with the
/// session in `MOMENTS_*` environment variables and never in the command's text, so no
/// session name is ever read by the shell.
public struct SessionHooks: Hashable, Sendable, Codable {
    /// What a hook runs on.
    public enum Event: String, Hashable, Sendable, CaseIterable, Codable {
        /// A session was started (before its warm-up, if it has one).
        case start
        /// A bell rang: the start bell, an interval bell or the end bell.
        case bell
        /// A session ended: completed, finished early, cancelled or ended after 8 hours.
        case end
    }

    /// The command run on each event that has one.
    public private(set) var commands: [Event: String]

    /// No hooks.
    public static let none = SessionHooks()

    /// The longest command a hook may be, in bytes.
    public static let maximumLength = 4_096

    /// Hooks running `commands`, each checked by ``checked(_:for:)``.
    public init(_ commands: [Event: String] = [:]) throws(ValidationError) {
        self.commands = [:]
        for (event, command) in commands { try set(command, for: event) }
    }

    private init() {
        commands = [:]
    }

    /// The command run on `event`, if any.
    public subscript(event: Event) -> String? { commands[event] }

    /// Sets the command of `event`; `nil` removes it. A command is refused when it is
    /// empty, longer than ``maximumLength`` bytes or holds a NUL.
    public mutating func set(_ command: String?, for event: Event) throws(ValidationError) {
        commands[event] = try command.map { command throws(ValidationError) in try Self.checked(command, for: event) }
    }

    /// `command` as a hook of `event` keeps it: surrounding blanks taken off.
    public static func checked(_ command: String, for event: Event) throws(ValidationError) -> String {
        let trimmed = command.trimmingWhitespace
        guard !trimmed.isEmpty, trimmed.utf8.count <= maximumLength, !trimmed.contains("\u{0}") else {
            throw .invalidSettingValue(
                key: "hook-" + event.rawValue, value: command,
                expected: "off, or a command for /bin/sh of at most \(maximumLength) bytes")
        }
        return trimmed
    }

    enum CodingKeys: String, CodingKey {
        case start, bell, end

        init(_ event: Event) {
            switch event {
            case .start: self = .start
            case .bell: self = .bell
            case .end: self = .end
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var commands: [Event: String] = [:]
        for event in Event.allCases {
            if let command = try container.decodeIfPresent(String.self, forKey: CodingKeys(event)) {
                commands[event] = command
            }
        }
        do {
            try self.init(commands)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for event in Event.allCases {
            try container.encodeIfPresent(commands[event], forKey: CodingKeys(event))
        }
    }
}
