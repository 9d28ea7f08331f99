/// How a session ended. A session that has an outcome is over: it counts no more time
/// and takes no more intents.
public enum SessionOutcome: String, Hashable, Sendable, Codable, CaseIterable {
    /// The target was reached (the server's completion rule), or an open-ended or
    /// over-the-target session was finished.
    case completed
    /// Finished by the person before the target.
    case finishedEarly = "finished_early"
    /// Cancelled: the time is not counted in the stats.
    case cancelled
    /// Ended by the system 8 hours after the activity started, as ActivityKit does.
    case expired

    /// Whether the time sat counts towards totals and streaks. Only a cancelled session's
    /// time is left out: time meditated is time meditated, even if finished early.
    public var countsTowardStats: Bool { self != .cancelled }
}
