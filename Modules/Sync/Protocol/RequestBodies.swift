import Domain

/// The body of `POST /v1/activities`.
struct CreateActivityBody: Decodable {
    static let fields: Set<String> = ["name", "target_seconds", "client_id", "show_seconds"]

    let attributes: SessionAttributes
    let clientID: String
    let showSeconds: Bool

    enum CodingKeys: String, CodingKey {
        case name
        case targetSeconds = "target_seconds"
        case clientID = "client_id"
        case showSeconds = "show_seconds"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let target = try container.decodeIfPresent(Double.self, forKey: .targetSeconds)
        clientID = try container.decode(String.self, forKey: .clientID)
        showSeconds = try container.decodeIfPresent(Bool.self, forKey: .showSeconds) ?? true
        guard !clientID.isEmpty, clientID.count <= IntentRequest.maximumIDLength else {
            throw SyncError.badRequest("'client_id' must be 1 to \(IntentRequest.maximumIDLength) characters.")
        }
        do {
            attributes = try SessionAttributes(name: SessionName(name), plannedSeconds: target)
        } catch {
            let field = if case .targetOutOfRange = error { "target_seconds" } else { "name" }
            throw SyncError.badRequest("'\(field)': \(error.description)")
        }
    }
}

/// The body of `POST /v1/activities/{id}/intents`.
struct IntentBody: Decodable {
    static let fields: Set<String> = ["client_id", "intent_id", "action", "adjust_seconds", "expected_version"]

    let clientID: String
    let intentID: String
    let intent: Intent
    let expectedVersion: UInt64?

    enum CodingKeys: String, CodingKey {
        case action
        case clientID = "client_id"
        case intentID = "intent_id"
        case adjustSeconds = "adjust_seconds"
        case expectedVersion = "expected_version"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        intentID = try container.decode(String.self, forKey: .intentID)
        // Read as a number first, so a negative or fractional version gets a clear message.
        if let version = try container.decodeIfPresent(Double.self, forKey: .expectedVersion) {
            guard version >= 0, version == version.rounded(), version < 1.8e19 else {
                throw SyncError.badRequest("'expected_version' must be a whole number from 0 up.")
            }
            expectedVersion = UInt64(version)
        } else {
            expectedVersion = nil
        }
        let adjust = try container.decodeIfPresent(Double.self, forKey: .adjustSeconds)
        switch try container.decode(String.self, forKey: .action) {
        case "pause": intent = .pause
        case "resume": intent = .resume
        case "finish": intent = .finish
        case "cancel": intent = .cancel
        case "adjust":
            guard let adjust else { throw SyncError.badRequest("'adjust_seconds' is required when 'action' is adjust.") }
            intent = .adjustTarget(bySeconds: adjust)
        case let other:
            throw SyncError.badRequest("'action' must be pause, resume, finish, cancel or adjust, not '\(other.prefix(32))'.")
        }
        if adjust != nil, intent.action != "adjust" {
            throw SyncError.badRequest("'adjust_seconds' goes only with 'action': adjust.")
        }
    }
}
