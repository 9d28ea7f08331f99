import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every session view shows, as simple values the caller builds from what it holds
/// (a pushed activity in the live app, a Mother in the showcase).
///
/// The time is not a value here: views compute it from ``content`` and the environment's
/// instant, so a running timer moves between pushes the way `Text(timerInterval:)` does.
public struct SessionDisplay: Hashable, Sendable {
    /// Whether what is shown is known to be current.
    public enum Connection: Hashable, Sendable, CaseIterable {
        /// Pushes are arriving; the state is the server's.
        case live
        /// The connection dropped and is being re-established; the state may be behind.
        case reconnecting
        /// The stale date passed with no push (ActivityKit's `.stale`): the state is old.
        case stale
    }

    /// What a screen says of a group sit (ADR 0072): whose it is and how others join.
    public enum Group: Hashable, Sendable {
        /// The leader's screen: the code others join with, when this screen knows it (the
        /// `start` that made the sit does; a watcher of the leader's does not).
        case leading(joinCode: String?)
        /// The leader revoked the code: nobody more joins, and followers were let go.
        case revoked
        /// A follower's screen: the sit is followed, and only its leader changes it.
        case following

        /// The line under the progress: `group sit · others join with: moments join CODE`.
        public var text: String { texts[0] }

        /// The line, longest first, then shorter forms for a narrower screen: a join code
        /// is never cut, as it would be useless cut (`code: CODE` fits 80 columns).
        public var texts: [String] {
            switch self {
            case .leading(let code?):
                return ["group sit · others join with: moments join \(code)", "moments join \(code)", "code: \(code)", code]
            case .leading(nil): return ["group sit"]
            case .revoked: return ["group sit · join code revoked", "join code revoked"]
            case .following: return ["following a group sit · its leader keeps the time", "following a group sit"]
            }
        }
    }

    /// The session's name, as the person gave it (sanitised when drawn).
    public var name: String
    /// The pushed content state.
    public var content: ContentState
    /// Count up or down, from the person's settings.
    public var timeDisplay: Settings.TimeDisplay
    /// Whether the state is current.
    public var connection: Connection
    /// The session's warm-up and bells, or `nil` for none.
    public var program: BellProgram?
    /// The bell the push shown rang, if any; flashed for ``flashSeconds`` after it was due.
    public var alert: BellAlert?
    /// For a group sit, what the screen says of it; `nil` for a sit alone.
    public var group: Group?

    /// How long a bell is flashed: long enough to catch the eye, short enough to be a flash.
    public static let flashSeconds: Double = 3

    /// A display of `content` under `name`.
    public init(
        name: String, content: ContentState, timeDisplay: Settings.TimeDisplay = .elapsed,
        connection: Connection = .live, program: BellProgram? = nil, alert: BellAlert? = nil, group: Group? = nil
    ) {
        self.name = name
        self.content = content
        self.timeDisplay = timeDisplay
        self.connection = connection
        self.program = program
        self.alert = alert
        self.group = group
    }

    /// The display of an activity at `now`: stale when its stale date has passed,
    /// reconnecting when the caller says so, flashing `alert` (the push's).
    public init(
        activity: Activity, timeDisplay: Settings.TimeDisplay, reconnecting: Bool = false, alert: BellAlert? = nil,
        following: Bool = false, joinCode: String? = nil, at now: Date
    ) {
        let connection: Connection =
            reconnecting ? .reconnecting : activity.status(at: now) == .stale ? .stale : .live
        self.init(
            name: activity.attributes.name.value, content: activity.content, timeDisplay: timeDisplay,
            connection: connection, program: activity.attributes.bells, alert: alert,
            group: Self.group(of: activity, following: following, joinCode: joinCode))
    }

    /// What a screen says of `activity` when it is a group sit, followed (`following`) or
    /// led with `joinCode` known.
    public static func group(of activity: Activity, following: Bool, joinCode: String?) -> Group? {
        guard activity.attributes.isGroup else { return nil }
        if activity.lifecycle.codeRevokedAt != nil { return .revoked }
        return following ? .following : .leading(joinCode: joinCode)
    }

    /// How many sit the group sit (ADR 0073): `● 14 sitting` while it runs, `sat with 14`
    /// (the most who sat at once) once it has ended with others; `nil` for a sit alone.
    /// What every surface says of the people sitting.
    public var presenceText: String? {
        if content.isEnded { return content.mostSitting > 1 ? "sat with \(Self.grouped(content.mostSitting))" : nil }
        return content.sitting > 0 ? "● \(Self.grouped(content.sitting)) sitting" : nil
    }

    /// The count of people sitting as a status bar's cell has room for: `●14`; `nil` for a
    /// sit alone and once it has ended.
    public var presenceMark: String? {
        content.isEnded || content.sitting == 0 ? nil : "●\(Self.grouped(content.sitting))"
    }

    /// A group sit's line (``Group/texts``), longest first, with the people sitting before
    /// it, the shortest form keeping the count alone; a leader's line with its code is the
    /// code's alone, as a code cut short is no code, and the count goes beside the target
    /// (``presenceBesideCaption``).
    public var groupTexts: [String] {
        guard let group else { return [] }
        guard let presence = presenceText, !presenceBesideCaption else { return group.texts }
        return group.texts.map { "\(presence) · \($0)" } + [presence]
    }

    /// Whether the count of people sitting goes beside the target rather than on the group
    /// line: on a leader's screen that shows its join code, whose line the code fills.
    public var presenceBesideCaption: Bool {
        guard presenceText != nil, case .leading(_?) = group else { return false }
        return true
    }

    /// `10,000`: a count with its thousands grouped, as every surface writes one.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Whether the warm-up is still counting down at `now` (before any time is sat).
    public func isWarmingUp(at now: Date) -> Bool { content.isWarmingUp(at: now) }

    /// The bell flashed at `now`: the push's, from its instant for ``flashSeconds``.
    public func flashing(at now: Date) -> BellAlert? {
        guard let alert else { return nil }
        let since = Seconds.between(alert.due, now)
        return since >= 0 && since < Self.flashSeconds ? alert : nil
    }

    /// When the flash of the push's bell ends, if it has not yet at `now`: a display that
    /// shows it wakes then to take it away.
    public func flashEnds(after now: Date) -> Date? {
        flashing(at: now).map { $0.due.addingTimeInterval(Self.flashSeconds) }
    }

    /// The next bell before the end, while the session is live.
    public var nextBell: Bell? {
        guard !content.isEnded else { return nil }
        return program?.bell(content.bellsRung, target: content.targetTimeInSeconds)
    }

    /// `next bell 2:00`, `bell 3 of 5 at 15:00`, or `nil` when no bell is to come.
    public var nextBellText: String? {
        guard let bell = nextBell else { return nil }
        let at = timerDisplayFromSeconds(seconds: bell.satSeconds, showSeconds: content.showSeconds)
        switch bell.kind {
        case .start: return "start bell after the warm-up"
        case .end: return nil
        case .interval: return "next bell \(at)" + (bell.of.map { " (\(bell.number) of \($0))" } ?? "")
        }
    }

    /// Where the session is, for labels, colours and key hints, whatever the instant (a
    /// warm-up is ``phase(at:)``'s).
    public var phase: SessionPhase {
        switch connection {
        case .reconnecting: return .reconnecting
        case .stale: return .stale
        case .live: break
        }
        switch content.outcome {
        case .completed: return .completed
        case .finishedEarly: return .finishedEarly
        case .cancelled: return .cancelled
        case .expired: return .expired
        case nil: return content.isScheduled ? .scheduled : content.isPaused ? .paused : .running
        }
    }

    /// `starts in 4m` (`45s`, `1h 5m`, `2d 3h`) at `now`, for a scheduled sit; `nil` for
    /// any other. Rounded up, so it never says a start has come before it has.
    public func startsText(at now: Date) -> String? {
        guard content.outcome == nil, let left = content.secondsToStart(at: now) else { return nil }
        let seconds = Int(left.rounded(.up))
        if seconds < 60 { return "starts in \(seconds)s" }
        let minutes = (seconds + 59) / 60
        if minutes < 60 { return "starts in \(minutes)m" }
        if minutes < 24 * 60 { return "starts in \(minutes / 60)h" + (minutes % 60 == 0 ? "" : " \(minutes % 60)m") }
        let hours = (minutes + 59) / 60
        return "starts in \(hours / 24)d" + (hours % 24 == 0 ? "" : " \(hours % 24)h")
    }

    /// Where the session is at `now`: ``phase``, or ``SessionPhase/warmingUp`` while a
    /// running session's warm-up counts down. What every surface that shows an instant
    /// labels, colours and names the session by.
    public func phase(at now: Date) -> SessionPhase {
        let phase = self.phase
        return phase == .running && isWarmingUp(at: now) ? .warmingUp : phase
    }

    /// Whether the big time counts down: the person prefers it and there is a target.
    public var countsDown: Bool { timeDisplay == .remaining && content.targetTimeInSeconds != nil }

    /// The whole seconds sat at `now`: what every number a surface shows of the time sat
    /// is read from (the time, the time left, the percentage, a status line's
    /// `elapsed_seconds`), so two surfaces read at the same instant, or within the same
    /// second, agree.
    public func secondsSat(at now: Date) -> Double {
        content.elapsed(at: now).rounded(.down)
    }

    /// The seconds the big time shows at `now`, from ``secondsSat(at:)``: the time sat, or
    /// counting down the time left rounded up to the unit shown (3 seconds into a 3-minute
    /// sit, `3 min` and `2:57`, never `2 min`); during the warm-up, the warm-up left, also
    /// rounded up.
    public func shownSeconds(at now: Date) -> Double {
        if content.outcome == nil, let toStart = content.secondsToStart(at: now) { return toStart.rounded(.up) }
        if isWarmingUp(at: now) { return content.warmUpLeft(at: now).rounded(.up) }
        let sat = secondsSat(at: now)
        guard countsDown, let target = content.targetTimeInSeconds else { return sat }
        let left = max(0, target - sat)
        return content.showSeconds ? left.rounded(.up) : (left / 60).rounded(.up) * 60
    }

    /// The big time at `now`, by `timerDisplayFromSeconds(seconds:showSeconds:)`.
    public func timeText(at now: Date) -> String {
        timerDisplayFromSeconds(seconds: shownSeconds(at: now), showSeconds: content.showSeconds)
    }

    /// The target, by the same formatter, or `nil` when open-ended.
    public var targetText: String? {
        content.targetTimeInSeconds.map { timerDisplayFromSeconds(seconds: $0, showSeconds: content.showSeconds) }
    }

    /// `of 5:00` (counting up), `left of 5:00` (counting down) or `open-ended`.
    public var caption: String {
        guard let target = targetText else { return "open-ended" }
        return countsDown ? "left of \(target)" : "of \(target)"
    }

    /// ``caption`` at `now`; before a scheduled sit's start, when it starts and what
    /// follows (`starts in 4m, then 20:00`), as the big time counts down to it.
    public func caption(at now: Date) -> String {
        guard let starts = startsText(at: now) else { return caption }
        return "\(starts), then \(targetText ?? "open-ended")"
    }

    /// The fraction done at `now`, or `nil` when open-ended.
    public func progress(at now: Date) -> Double? { content.progress(at: now) }

    /// The whole percent of the target sat at `now` (0 to 100, rounded down, from
    /// ``secondsSat(at:)``), or `nil` when open-ended: the one percentage of every surface.
    public func percent(at now: Date) -> Int? {
        guard let target = content.targetTimeInSeconds, target > 0 else { return nil }
        return Int(min(100, max(0, (secondsSat(at: now) / target * 100).rounded(.down))))
    }

    /// `42%` at `now`, or `nil` when open-ended.
    public func percentText(at now: Date) -> String? {
        percent(at: now).map { "\($0)%" }
    }
}
