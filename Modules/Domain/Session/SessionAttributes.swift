/// What stays fixed for the life of an activity, like ActivityKit's `ActivityAttributes`:
/// the session's name, the target it was planned with, and its bells.
public struct SessionAttributes: Hashable, Sendable, Codable {
    /// The session's name.
    public let name: SessionName
    /// The planned length in seconds, or `nil` for an open-ended session. The live target
    /// may move later (see ``ContentState/targetTimeInSeconds``); this is the plan.
    public let plannedSeconds: Double?
    /// The warm-up and the bells, or `nil` for none (as ``BellProgram/silent``).
    public let bells: BellProgram?

    /// An activity's attributes; the planned target must lie in ``SessionLimits/targetRange``
    /// and the bells ring before it (``BellProgram/checked(forTarget:)``). A silent program
    /// is kept as `nil`.
    public init(name: SessionName, plannedSeconds: Double?, bells: BellProgram? = nil) throws(ValidationError) {
        self.name = name
        let planned = try plannedSeconds.map { (seconds) throws(ValidationError) in
            try SessionLimits.validatedTarget(seconds)
        }
        self.plannedSeconds = planned
        self.bells = try bells.flatMap { (program) throws(ValidationError) in
            program.isSilent ? nil : try program.checked(forTarget: planned)
        }
    }

    enum CodingKeys: String, CodingKey {
        case name
        case plannedSeconds = "planned_seconds"
        case bells
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(SessionName.self, forKey: .name)
        let planned = try container.decodeIfPresent(Double.self, forKey: .plannedSeconds)
        let bells = try container.decodeIfPresent(BellProgram.self, forKey: .bells)
        do {
            try self.init(name: name, plannedSeconds: planned, bells: bells)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .plannedSeconds, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(plannedSeconds, forKey: .plannedSeconds)
        try container.encodeIfPresent(bells, forKey: .bells)
    }
}
