/// Where a session is, as a person reads it: running, paused, one of the ways it ended,
/// or a warning that what is shown may be out of date.
public enum SessionPhase: String, Hashable, Sendable, CaseIterable {
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
        case .running: return .accent
        case .paused, .reconnecting: return .warning
        case .completed, .finishedEarly: return .success
        case .cancelled: return .danger
        case .expired, .stale: return .secondary
        }
    }

    /// Whether the session is over.
    public var isEnded: Bool { [.completed, .finishedEarly, .cancelled, .expired].contains(self) }

    /// The timer screen's hints, most important first. The apps bind the same keys.
    public var timerHints: [KeyHint] {
        switch self {
        case .running:
            return [.init(key: "space", label: "Pause"), .init(key: "f", label: "Finish"),
                    .init(key: "+/-", label: "1 min"), .init(key: "c", label: "Cancel"), .init(key: "q", label: "Quit")]
        case .paused:
            return [.init(key: "space", label: "Resume"), .init(key: "f", label: "Finish"),
                    .init(key: "c", label: "Cancel"), .init(key: "q", label: "Quit")]
        case .completed, .finishedEarly, .cancelled, .expired:
            return [.init(key: "n", label: "New"), .init(key: "h", label: "History"), .init(key: "q", label: "Quit")]
        case .reconnecting, .stale:
            return [.init(key: "q", label: "Quit")]
        }
    }

    /// The keys the live timer screen shows when no question or panel is open: an ended
    /// session offers only Quit; otherwise the phase's ``timerHints`` and Help. One rule,
    /// so the live app and the showcase draw the same last row.
    public var screenHints: [KeyHint] {
        isEnded ? [.init(key: "q", label: "Quit")] : timerHints + [.init(key: "?", label: "Help")]
    }

    /// The lock-screen banner's hints: Pause or Resume, and Finish, as on the platform's
    /// interactive Live Activity buttons.
    public var bannerHints: [KeyHint] {
        switch self {
        case .running: return [.init(key: "space", label: "Pause"), .init(key: "f", label: "Finish")]
        case .paused: return [.init(key: "space", label: "Resume"), .init(key: "f", label: "Finish")]
        case .completed, .finishedEarly, .cancelled, .expired, .reconnecting, .stale: return []
        }
    }
}
