import Domain

/// Something a voice says of a session, at the moment it happens: the words are one
/// function of the session's state and the event (``words(of:)``), a surface like any
/// view, so the catalog shows and snapshots each, and the live app says exactly those.
public enum Announcement: Hashable, Sendable {
    /// The sit began (after its warm-up, at its hour, or at once): `Twenty minutes. Begin.`
    case began
    /// A warm-up began: `Thirty seconds of warm-up, then twenty minutes.`
    case warmUp
    /// An interval bell rang: `Bell two of three.`, with the time left when it is a whole
    /// number of minutes.
    case bell(BellAlert)
    /// A whole number of minutes is left (`Ten minutes remain.`), or sat in an open-ended
    /// sit (`Ten minutes.`).
    case minutes(Int)
    /// The session was paused.
    case paused
    /// It was resumed.
    case resumed
    /// It ended: `Your sit is complete: twenty minutes.`, `Finished early: four minutes
    /// sat.`, `Cancelled; not counted.`
    case ended

    /// The level at which this is said.
    public var level: Settings.Voice {
        switch self {
        case .began, .bell, .ended: return .bells
        case .minutes: return .minutes
        case .warmUp, .paused, .resumed: return .all
        }
    }

    /// Whether a voice at `level` says it.
    public func isSaid(at level: Settings.Voice) -> Bool { level.says(self.level) }

    /// The words said of `session`, whose state is the one right after the event.
    public func words(of session: SessionDisplay) -> String {
        let content = session.content
        let target = content.targetTimeInSeconds
        switch self {
        case .began:
            return target.map { Self.sentence(NumberWords.duration($0)) + " Begin." } ?? "Begin."
        case .warmUp:
            let warmUp = NumberWords.duration(session.program?.warmUpSeconds ?? content.warmUpLeft)
            return Self.sentence(warmUp + " of warm-up" + (target.map { ", then " + NumberWords.duration($0) } ?? ""))
        case .bell(let alert):
            let bell = "Bell " + NumberWords.words(alert.number) + (alert.of.map { " of " + NumberWords.words($0) } ?? "") + "."
            guard let target else { return bell }
            let left = Int((target - content.secondsElapsed).rounded())
            return left > 0 && left % 60 == 0 ? bell + " " + Self.remaining(left / 60) : bell
        case .minutes(let count):
            return target == nil ? Self.sentence(NumberWords.count(count, "minute")) : Self.remaining(count)
        case .paused:
            return "Paused."
        case .resumed:
            return "Resumed."
        case .ended:
            let sat = NumberWords.duration(content.secondsElapsed)
            switch content.outcome {
            case .completed?: return "Your sit is complete: \(sat)."
            case .finishedEarly?: return "Finished early: \(sat) sat."
            case .cancelled?: return "Cancelled; not counted."
            case .expired?: return "Your sit has ended: \(sat)."
            case nil: return "Your sit has ended."
            }
        }
    }

    /// The last minute mark passed with `elapsed` seconds sat, which a voice at
    /// `Settings.Voice.minutes` says: with a target, every five minutes left and one
    /// minute left (never at the beginning); open-ended, every five minutes sat. `sat` is
    /// the time sat at the mark.
    public static func minuteMark(elapsed: Double, target: Double?) -> (minutes: Int, sat: Double)? {
        if let target {
            let left = target - elapsed
            guard left > 0 else { return nil }
            let minutes = Int((left / 60).rounded(.up))
            guard minutes % 5 == 0 || minutes == 1, Double(minutes * 60) < target - 0.5 else { return nil }
            return (minutes, target - Double(minutes * 60))
        }
        let minutes = Int(elapsed / 60)
        guard minutes > 0, minutes % 5 == 0 else { return nil }
        return (minutes, Double(minutes * 60))
    }

    /// `Ten minutes remain.`, `One minute remains.`
    static func remaining(_ minutes: Int) -> String {
        String(sentence(NumberWords.count(minutes, "minute")).dropLast()) + (minutes == 1 ? " remains." : " remain.")
    }

    /// `text` with a capital first letter and a full stop.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst() + "."
    }
}
