#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dynamic part of a Live Activity, pushed whole with every update: everything a view
/// needs to show a session at any instant without a new push.
///
/// The elapsed time is a measurement, ``secondsElapsed`` taken at ``measuredAt``; a running
/// session's time at any later instant is computed by ``elapsed(at:)``, the way
/// `Text(timerInterval:)` counts on a lock screen. So nothing pushes once a second.
///
/// Values are made by ``Transition`` (or decoded and checked), never edited in place.
public struct ContentState: Hashable, Sendable {
    /// Seconds counted up to ``measuredAt``, to the millisecond; paused time is never counted.
    public let secondsElapsed: Double
    /// The current target in seconds, or `nil` for an open-ended session.
    public let targetTimeInSeconds: Double?
    /// Whether views show seconds (`2:05`) or whole minutes (`2 min`).
    public let showSeconds: Bool
    /// Whether the clock is stopped. Always `false` once the session has ended.
    public let isPaused: Bool
    /// The instant ``secondsElapsed`` was measured at.
    public let measuredAt: Date
    /// How the session ended, or `nil` while it runs or is paused.
    public let outcome: SessionOutcome?
    /// Seconds of warm-up still to come at ``measuredAt`` (``BellProgram/warmUpSeconds``):
    /// they pass before any time is sat, and are never counted as sat. 0 once it is over.
    public let warmUpLeft: Double
    /// How many of the program's bells before the end (``BellProgram/bell(_:target:)``) the
    /// server has rung: the next to ring is that index.
    public let bellsRung: Int
    /// How many people follow a group sit now, its leader included (a person with several
    /// surfaces open counts once): the server's count, pushed at most twice a second
    /// (ADR 0073). 0 for a sit alone, and frozen at the end.
    public let sitting: Int
    /// The most people who sat the group sit at once: what its summaries call "sat with N".
    /// Never below ``sitting``; 0 for a sit alone.
    public let mostSitting: Int
    /// When a scheduled sit starts by itself (ADR 0074), while it has not begun: the
    /// session is then **scheduled**, paused at 0 with nothing sat, and the server begins
    /// it at this instant (``Transition/advance(_:to:)``). `nil` once it has begun, and for
    /// every session that started when it was created.
    public let startsAt: Date?

    /// A content state, checked: elapsed time finite and not negative, a target within
    /// ``SessionLimits/targetRange``; an ended session is never paused. Durations are kept
    /// to the millisecond (``Seconds/canonical(_:)``), as ``measuredAt`` is.
    public init(
        secondsElapsed: Double,
        targetTimeInSeconds: Double?,
        showSeconds: Bool,
        isPaused: Bool,
        measuredAt: Date,
        outcome: SessionOutcome?,
        warmUpLeft: Double = 0,
        bellsRung: Int = 0,
        sitting: Int = 0,
        mostSitting: Int = 0,
        startsAt: Date? = nil
    ) throws(ValidationError) {
        guard secondsElapsed.isFinite else { throw .notFinite(field: "seconds_elapsed") }
        guard secondsElapsed >= 0 else { throw .negative(field: "seconds_elapsed", value: secondsElapsed) }
        guard warmUpLeft.isFinite else { throw .notFinite(field: "warm_up_left_seconds") }
        guard warmUpLeft >= 0 else { throw .negative(field: "warm_up_left_seconds", value: warmUpLeft) }
        guard bellsRung >= 0 else { throw .negative(field: "bells_rung", value: Double(bellsRung)) }
        guard sitting >= 0 else { throw .negative(field: "sitting", value: Double(sitting)) }
        guard mostSitting >= 0 else { throw .negative(field: "most_sitting", value: Double(mostSitting)) }
        if let startsAt {
            guard outcome == nil, isPaused, secondsElapsed == 0 else {
                throw .scheduledStart("'starts_at' is for a sit that has not begun: paused, nothing sat, not ended.")
            }
            guard startsAt >= measuredAt else {
                throw .scheduledStart("'starts_at' must not come before 'measured_at'.")
            }
        }
        self.secondsElapsed = Seconds.canonical(secondsElapsed)
        self.targetTimeInSeconds = try targetTimeInSeconds.map { (seconds) throws(ValidationError) in
            try SessionLimits.validatedTarget(seconds)
        }
        self.showSeconds = showSeconds
        self.isPaused = outcome == nil && isPaused
        self.measuredAt = Instant.canonical(measuredAt)
        self.outcome = outcome
        self.warmUpLeft = outcome == nil ? Seconds.canonical(warmUpLeft) : 0
        self.bellsRung = bellsRung
        self.sitting = sitting
        self.mostSitting = max(mostSitting, sitting)
        self.startsAt = startsAt.map(Instant.canonical)
    }

    /// Whether the sit is scheduled: it has not begun, and begins at ``startsAt``.
    public var isScheduled: Bool { startsAt != nil }

    /// Seconds from `instant` to the scheduled start, never below zero; `nil` unless
    /// scheduled.
    public func secondsToStart(at instant: Date) -> Double? {
        startsAt.map { Seconds.canonical(max(0, Seconds.between(instant, $0))) }
    }

    /// Whether the session reached its target (or was finished with nothing left to
    /// reach): the seeds' `isCompleted`.
    public var isCompleted: Bool { outcome == .completed }
    /// Whether the session is over, whatever its outcome.
    public var isEnded: Bool { outcome != nil }
    /// Whether the clock is counting.
    public var isRunning: Bool { outcome == nil && !isPaused }
    /// Whether the session has no target.
    public var isOpenEnded: Bool { targetTimeInSeconds == nil }

    /// Seconds counted at `instant`, to the millisecond: never negative, never less than
    /// ``secondsElapsed`` (an instant before the measurement, from a clock that went back,
    /// counts nothing), and frozen while paused or ended. Counted in whole milliseconds,
    /// so a transition that stores it stores no binary noise.
    /// The warm-up still to come passes first.
    public func elapsed(at instant: Date) -> Double {
        guard isRunning else { return secondsElapsed }
        return Seconds.canonical(secondsElapsed + max(0, Seconds.between(measuredAt, instant) - warmUpLeft))
    }

    /// Seconds of warm-up still to come at `instant`: counting down while running, frozen
    /// while paused, 0 once over (and once ended).
    public func warmUpLeft(at instant: Date) -> Double {
        guard isRunning else { return warmUpLeft }
        return Seconds.canonical(max(0, warmUpLeft - max(0, Seconds.between(measuredAt, instant))))
    }

    /// Whether the warm-up is still going on at `instant` (running or paused).
    public func isWarmingUp(at instant: Date) -> Bool {
        warmUpLeft(at: instant) > 0
    }

    /// The instant a running session's time sat reaches `seconds` (after the warm-up still
    /// to come), to the millisecond; `nil` when paused or ended.
    ///
    /// Rounded like every instant the rules compare with (``Instant/canonical(_:)``): the
    /// sum of a millisecond instant and millisecond seconds can land one binary digit above
    /// the millisecond it stands for, and a rule that compares it with the instant the
    /// server woke at, rounded down to that millisecond, would not be due at its own deadline.
    public func date(whenSatReaches seconds: Double) -> Date? {
        guard isRunning else { return nil }
        return Instant.canonical(measuredAt.addingTimeInterval(warmUpLeft + max(0, seconds - secondsElapsed)))
    }

    /// Seconds left to the target at `instant`, never below zero; `nil` when open-ended.
    public func remaining(at instant: Date) -> Double? {
        targetTimeInSeconds.map { max(0, $0 - elapsed(at: instant)) }
    }

    /// The fraction of the target done at `instant`, from 0 to 1; `nil` when open-ended.
    public func progress(at instant: Date) -> Double? {
        targetTimeInSeconds.map { min(1, max(0, elapsed(at: instant) / $0)) }
    }

    /// The instant a running session reaches its target, when the server's completion
    /// rule will end it; `nil` when paused, ended or open-ended.
    public var completionDate: Date? {
        targetTimeInSeconds.flatMap(date(whenSatReaches:))
    }
}

extension ContentState: Codable {
    enum CodingKeys: String, CodingKey {
        case secondsElapsed = "seconds_elapsed"
        case targetTimeInSeconds = "target_seconds"
        case showSeconds = "show_seconds"
        case isPaused = "is_paused"
        case measuredAt = "measured_at"
        case outcome
        case warmUpLeft = "warm_up_left_seconds"
        case bellsRung = "bells_rung"
        case sitting
        case mostSitting = "most_sitting"
        case startsAt = "starts_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                secondsElapsed: container.decode(Double.self, forKey: .secondsElapsed),
                targetTimeInSeconds: container.decodeIfPresent(Double.self, forKey: .targetTimeInSeconds),
                showSeconds: container.decode(Bool.self, forKey: .showSeconds),
                isPaused: container.decode(Bool.self, forKey: .isPaused),
                measuredAt: container.decodeInstant(forKey: .measuredAt),
                outcome: container.decodeIfPresent(SessionOutcome.self, forKey: .outcome),
                warmUpLeft: container.decodeIfPresent(Double.self, forKey: .warmUpLeft) ?? 0,
                bellsRung: container.decodeIfPresent(Int.self, forKey: .bellsRung) ?? 0,
                sitting: container.decodeIfPresent(Int.self, forKey: .sitting) ?? 0,
                mostSitting: container.decodeIfPresent(Int.self, forKey: .mostSitting) ?? 0,
                startsAt: container.decodeInstantIfPresent(forKey: .startsAt))
        } catch let error as ValidationError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(secondsElapsed, forKey: .secondsElapsed)
        try container.encode(targetTimeInSeconds, forKey: .targetTimeInSeconds)
        try container.encode(showSeconds, forKey: .showSeconds)
        try container.encode(isPaused, forKey: .isPaused)
        try container.encodeInstant(measuredAt, forKey: .measuredAt)
        try container.encode(outcome, forKey: .outcome)
        // Only a session with a bell program has these: other states read as they always did.
        if warmUpLeft > 0 { try container.encode(warmUpLeft, forKey: .warmUpLeft) }
        if bellsRung > 0 { try container.encode(bellsRung, forKey: .bellsRung) }
        // Only a group sit's: every other state reads as before.
        if sitting > 0 { try container.encode(sitting, forKey: .sitting) }
        if mostSitting > 0 { try container.encode(mostSitting, forKey: .mostSitting) }
        // Only a scheduled sit's, before it begins.
        if let startsAt { try container.encodeInstant(startsAt, forKey: .startsAt) }
    }
}
