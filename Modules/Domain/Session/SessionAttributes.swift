/// What stays fixed for the life of an activity, like ActivityKit's `ActivityAttributes`:
/// the session's name and the target it was planned with.
public struct SessionAttributes: Hashable, Sendable, Codable {
    /// The session's name.
    public let name: SessionName
    /// The planned length in seconds, or `nil` for an open-ended session. The live target
    /// may move later (see ``ContentState/targetTimeInSeconds``); this is the plan.
    public let plannedSeconds: Double?

    /// An activity's attributes; the planned target must lie in ``SessionLimits/targetRange``.
    public init(name: SessionName, plannedSeconds: Double?) throws(ValidationError) {
        self.name = name
        self.plannedSeconds = try plannedSeconds.map { (seconds) throws(ValidationError) in
            try SessionLimits.validatedTarget(seconds)
        }
    }

    enum CodingKeys: String, CodingKey {
        case name
        case plannedSeconds = "planned_seconds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(SessionName.self, forKey: .name)
        let planned = try container.decodeIfPresent(Double.self, forKey: .plannedSeconds)
        do {
            try self.init(name: name, plannedSeconds: planned)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .plannedSeconds, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(plannedSeconds, forKey: .plannedSeconds)
    }
}
