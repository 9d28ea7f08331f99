#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What stays fixed for the life of an activity, like ActivityKit's `ActivityAttributes`:
/// the session's name, the target it was planned with, its bells, and whether it is a
/// group sit that others follow through its channel (and what that channel keeps), and the
/// hour it was scheduled for.
public struct SessionAttributes: Hashable, Sendable, Codable {
    /// The session's name.
    public let name: SessionName
    /// The planned length in seconds, or `nil` for an open-ended session. The live target
    /// may move later (see ``ContentState/targetTimeInSeconds``); this is the plan.
    public let plannedSeconds: Double?
    /// The warm-up and the bells, or `nil` for none (as ``BellProgram/silent``).
    public let bells: BellProgram?
    /// Whether this is a group sit: a session that others follow through its channel, with
    /// a join code, as ActivityKit's broadcast channels carry one update to many (ADR 0072).
    /// Only the leader, who holds the session's token, changes it.
    public let isGroup: Bool
    /// What a group sit's channel keeps for a follower who joins late (ADR 0075): its most
    /// recent state, by default; always ``ChannelStorage/latest`` for a sit alone.
    public let channelStorage: ChannelStorage
    /// The instant a scheduled sit is to start by itself (ADR 0074), or `nil` for a session
    /// that starts when it is created. The plan, kept as it was asked; whether the sit has
    /// begun is its state's (``ContentState/startsAt``).
    public let startsAt: Date?

    /// An activity's attributes; the planned target must lie in ``SessionLimits/targetRange``
    /// and the bells ring before it (``BellProgram/checked(forTarget:)``). A silent program
    /// is kept as `nil`. A channel storage other than ``ChannelStorage/latest`` needs a group
    /// sit (``ValidationError/channelWithoutGroup``).
    public init(
        name: SessionName, plannedSeconds: Double?, bells: BellProgram? = nil, isGroup: Bool = false,
        channelStorage: ChannelStorage = .latest, startsAt: Date? = nil
    ) throws(ValidationError) {
        guard isGroup || channelStorage == .latest else { throw .channelWithoutGroup }
        self.name = name
        self.isGroup = isGroup
        self.channelStorage = channelStorage
        self.startsAt = startsAt.map(Instant.canonical)
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
        case isGroup = "group"
        case channelStorage = "channel_storage"
        case startsAt = "starts_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(SessionName.self, forKey: .name)
        let planned = try container.decodeIfPresent(Double.self, forKey: .plannedSeconds)
        let bells = try container.decodeIfPresent(BellProgram.self, forKey: .bells)
        let isGroup = try container.decodeIfPresent(Bool.self, forKey: .isGroup) ?? false
        let storage = try container.decodeIfPresent(ChannelStorage.self, forKey: .channelStorage) ?? .latest
        let startsAt = try container.decodeInstantIfPresent(forKey: .startsAt)
        do {
            try self.init(
                name: name, plannedSeconds: planned, bells: bells, isGroup: isGroup, channelStorage: storage, startsAt: startsAt)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: error == .channelWithoutGroup ? .channelStorage : .plannedSeconds, in: container,
                debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(plannedSeconds, forKey: .plannedSeconds)
        try container.encodeIfPresent(bells, forKey: .bells)
        // Written only for a group sit, so a sit alone reads and writes as it always did.
        if isGroup { try container.encode(true, forKey: .isGroup) }
        // Written only when it keeps nothing, so a channel that keeps its latest state reads as before.
        if channelStorage != .latest { try container.encode(channelStorage, forKey: .channelStorage) }
        // Written only for a scheduled sit, likewise.
        if let startsAt { try container.encodeInstant(startsAt, forKey: .startsAt) }
    }
}

/// What a group sit's channel keeps for a follower who joins late (ADR 0075), as
/// ActivityKit's broadcast channels have a message storage policy.
public enum ChannelStorage: String, Hashable, Sendable, Codable, CaseIterable {
    /// The most recent state: a follower joining late is given it at once, as is one whose
    /// stream opens again.
    case latest
    /// Nothing: a follower joining late sees the sit from its next push on, and one whose
    /// stream opens again is not given what it missed.
    case nothing = "none"
}
