/// Where a session is, as a person reads it: warming up, running, paused, one of the ways
/// it ended, or a warning that what is shown may be out of date.
public enum SessionPhase: String, Hashable, Sendable, CaseIterable {
    /// A sit scheduled for an hour, waiting for it (ADR 0074): nothing sat yet; the big
    /// time counts down to the start.
    case scheduled
    /// Running, with the warm-up still counting down: no time is sat yet
    /// (``SessionDisplay/phase(at:)``; `warmingUp` as a bar's class).
    case warmingUp
    /// Counting.
    case running
    /// Stopped, can resume.
    case paused
    /// Reached its target, or finished with nothing left.
    case completed
    /// Finished before the target.
    case finishedEarly
    /// Cancelled; not counted.
    case cancelled
    /// Ended by the system after 8 hours.
    case expired
    /// The connection dropped; the time shown runs on from the last state.
    case reconnecting
    /// No push since the stale date; the state may be old.
    case stale

    /// The word shown next to the time.
    public var label: String {
        switch self {
        case .scheduled: return "Scheduled"
        case .warmingUp: return "Warm-up"
        case .running: return "Running"
        case .paused: return "Paused"
        case .completed: return "Completed"
        case .finishedEarly: return "Finished early"
        case .cancelled: return "Cancelled"
        case .expired: return "Ended"
        case .reconnecting: return "Reconnecting…"
        case .stale: return "Out of date"
        }
    }

    /// A one-cell mark, drawn from characters every terminal font has and that are one
    /// cell wide everywhere (no emoji, whose width terminals disagree on).
    public var symbol: Character {
        switch self {
        case .scheduled: return "◴"
        case .warmingUp: return "◌"
        case .running: return "▸"
        case .paused: return "‖"
        case .completed: return "✓"
        case .finishedEarly: return "◐"
        case .cancelled: return "✗"
        case .expired: return "◷"
        case .reconnecting: return "↻"
        case .stale: return "!"
        }
    }

    /// The colour role of the time and the label.
    public var color: SemanticColor {
        switch self {
        case .warmingUp, .running: return .accent
        case .paused, .reconnecting: return .warning
        case .completed, .finishedEarly: return .success
        case .cancelled: return .danger
        case .scheduled, .expired, .stale: return .secondary
        }
    }

    /// Whether the session is over.
    public var isEnded: Bool { [.completed, .finishedEarly, .cancelled, .expired].contains(self) }
}
