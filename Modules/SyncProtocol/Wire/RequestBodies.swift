import Domain

/// The body of `POST /v1/activities`: the client writes it and the server reads it, so
/// both share this one definition of the wire format.
package struct CreateActivityBody: Codable {
    package static let fields: Set<String> = [
        "name", "target_seconds", "client_id", "show_seconds", "bells", "group", "channel_storage", "starts_at",
    ]

    package let attributes: SessionAttributes
    package let clientID: String
    package let showSeconds: Bool

    package enum CodingKeys: String, CodingKey {
        case name
        case targetSeconds = "target_seconds"
        case clientID = "client_id"
        case showSeconds = "show_seconds"
        case bells
        case group
        case channelStorage = "channel_storage"
        case startsAt = "starts_at"
    }

    /// The body a client sends to start an activity.
    package init(attributes: SessionAttributes, clientID: String, showSeconds: Bool) {
        self.attributes = attributes
        self.clientID = clientID
        self.showSeconds = showSeconds
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let target = try container.decodeIfPresent(Double.self, forKey: .targetSeconds)
        clientID = try container.decode(String.self, forKey: .clientID)
        showSeconds = try container.decodeIfPresent(Bool.self, forKey: .showSeconds) ?? true
        let isGroup = try container.decodeIfPresent(Bool.self, forKey: .group) ?? false
        let storage = try container.decodeIfPresent(String.self, forKey: .channelStorage).map { (text) throws(SyncError) in
            guard let storage = ChannelStorage(rawValue: text) else {
                throw SyncError.badRequest("'channel_storage' must be \"latest\" or \"none\", not '\(text.prefix(40))'.")
            }
            return storage
        } ?? .latest
        let startsAt = try container.decodeIfPresent(String.self, forKey: .startsAt).map { (text) throws(SyncError) in
            guard let instant = Instant.parse(text) else {
                throw SyncError.badRequest("'starts_at' must be an RFC 3339 instant such as 2026-12-02T07:00:00.000Z, not '\(text.prefix(40))'.")
            }
            return instant
        }
        try IntentRequest.checkID(clientID, field: "client_id")
        let bells: BellProgram?
        do {
            bells = try container.decodeIfPresent(BellProgram.self, forKey: .bells)
        } catch let DecodingError.dataCorrupted(context) {
            throw SyncError.badRequest("'bells': \(context.debugDescription)")
        }
        do {
            attributes = try SessionAttributes(
                name: SessionName(name), plannedSeconds: target, bells: bells, isGroup: isGroup, channelStorage: storage,
                startsAt: startsAt)
        } catch {
            let field = switch error {
            case .targetOutOfRange: "target_seconds"
            case .bellProgram: "bells"
            case .channelWithoutGroup: "channel_storage"
            default: "name"
            }
            throw SyncError.badRequest("'\(field)': \(error.description)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(attributes.name.value, forKey: .name)
        // Written even when absent: `null` is how the protocol says open-ended.
        try container.encode(attributes.plannedSeconds, forKey: .targetSeconds)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(showSeconds, forKey: .showSeconds)
        // Left out when there are none, so a body without bells reads as before.
        try container.encodeIfPresent(attributes.bells, forKey: .bells)
        // Only for a group sit, so a sit alone's body reads as before.
        if attributes.isGroup { try container.encode(true, forKey: .group) }
        // Only for a channel that keeps nothing (ADR 0075), likewise.
        if attributes.channelStorage != .latest { try container.encode(attributes.channelStorage.rawValue, forKey: .channelStorage) }
        // Only for a scheduled sit (ADR 0074), likewise.
        if let startsAt = attributes.startsAt { try container.encode(Instant.format(startsAt), forKey: .startsAt) }
    }
}

/// The body of `POST /v1/activities/{id}/intents`: the client writes it and the server
/// reads it, so both share this one definition of the wire format.
package struct IntentBody: Codable {
    package static let fields: Set<String> = ["client_id", "intent_id", "action", "adjust_seconds", "expected_version"]

    package let clientID: String
    package let intentID: String
    package let intent: Intent
    package let expectedVersion: UInt64?

    package enum CodingKeys: String, CodingKey {
        case action
        case clientID = "client_id"
        case intentID = "intent_id"
        case adjustSeconds = "adjust_seconds"
        case expectedVersion = "expected_version"
    }

    /// The body a client sends for `request`.
    package init(_ request: IntentRequest) {
        self.init(
            clientID: request.key.clientID, intentID: request.key.intentID, intent: request.intent,
            expectedVersion: request.expectedVersion)
    }

    /// A body of these fields, as read (``readCompact(_:)``) or to be sent.
    package init(clientID: String, intentID: String, intent: Intent, expectedVersion: UInt64?) {
        self.clientID = clientID
        self.intentID = intentID
        self.intent = intent
        self.expectedVersion = expectedVersion
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        intentID = try container.decode(String.self, forKey: .intentID)
        // A whole number is read exactly, past what a Double holds; anything else is read as
        // a number, so a negative or fractional version gets a clear message.
        if let version = try? container.decodeIfPresent(UInt64.self, forKey: .expectedVersion) {
            expectedVersion = version
        } else if let version = try container.decodeIfPresent(Double.self, forKey: .expectedVersion) {
            guard version >= 0, version == version.rounded(), version < 1.8e19 else {
                throw SyncError.badRequest("'expected_version' must be a whole number from 0 up.")
            }
            expectedVersion = UInt64(version)
        } else {
            expectedVersion = nil
        }
        let adjust = try container.decodeIfPresent(Double.self, forKey: .adjustSeconds)
        let action = try container.decode(String.self, forKey: .action)
        if action == "adjust", adjust == nil {
            throw SyncError.badRequest("'adjust_seconds' is required when 'action' is adjust.")
        }
        // Intent's own decoding says what each action means: it reads the same `action` and
        // `adjust_seconds` fields. It fails for an unknown action and for `start`, which
        // needs attributes that no intent body may carry.
        do {
            intent = try Intent(from: decoder)
        } catch {
            throw SyncError.badRequest(
                "'action' must be pause, resume, finish, cancel, adjust or revoke_code, not '\(action.prefix(32))'.")
        }
        if adjust != nil, intent.action != "adjust" {
            throw SyncError.badRequest("'adjust_seconds' goes only with 'action': adjust.")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(intentID, forKey: .intentID)
        // `action` and `adjust_seconds`, as Intent writes them.
        try intent.encode(to: encoder)
        // A UInt64, so it goes as an exact integer.
        try container.encodeIfPresent(expectedVersion, forKey: .expectedVersion)
    }
}
