import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session's desktop notification, as the freedesktop Notifications interface takes
/// it: a summary, a body, a progress value, an urgency and actions. It is one more
/// presentation of the Live Activity, computed from the same ``SessionDisplay`` the
/// banner and the island draw, so a notification can never say something they do not.
public struct NotificationContent: Hashable, Sendable {
    /// How much the notification asks for attention (the `urgency` hint's byte).
    public enum Urgency: UInt8, Hashable, Sendable, CaseIterable {
        /// A session going on quietly: running, paused, cancelled.
        case low = 0
        /// Something to look at: the end, or state that may be out of date.
        case normal = 1
        /// Never used: critical notifications stay until dismissed by hand.
        case critical = 2

        /// Its name, for the text rendering.
        public var name: String {
            switch self {
            case .low: return "low"
            case .normal: return "normal"
            case .critical: return "critical"
            }
        }
    }

    /// A button on the notification: its key (what the server hands back when it is
    /// invoked) and its label.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// Pause a running session.
        case pause
        /// Resume a paused one.
        case resume
        /// Finish now, counting the time sat.
        case finish
        /// Add a minute to the target.
        case extend
        /// Start a scheduled sit now, before its hour.
        case startNow = "start_now"

        /// The label the notification shows.
        public var label: String {
            switch self {
            case .pause: return "Pause"
            case .resume: return "Resume"
            case .finish: return "Finish"
            case .extend: return "+1 min"
            case .startNow: return "Start now"
            }
        }
    }

    /// The first line, in bold on most servers: the session's name.
    public var summary: String
    /// What is happening: the phase, the time and the target; a bell while it flashes, the
    /// warm-up while it counts down.
    public var body: String
    /// Progress, 0 to 100 (the `value` hint), or `nil` for an open-ended session.
    public var progressPercent: Int?
    /// The urgency.
    public var urgency: Urgency
    /// The buttons, in order; empty once the session has ended or where the server
    /// offers no actions.
    public var actions: [Action]

    /// A notification of these parts.
    public init(summary: String, body: String, progressPercent: Int?, urgency: Urgency, actions: [Action]) {
        self.summary = summary
        self.body = body
        self.progressPercent = progressPercent
        self.urgency = urgency
        self.actions = actions
    }

    /// The notification of `session` at `now`. `pending` is the label of an intent sent
    /// and not yet answered (`Pausing`), shown in place of the phase; `offersActions`
    /// says whether the server has buttons (its capabilities include `actions`).
    public init(session: SessionDisplay, at now: Date, pending: String? = nil, offersActions: Bool) {
        let phase = session.phase(at: now)
        let content = session.content
        let name = Sanitizer.clean(session.name)
        summary = name.isEmpty ? "Little Moments" : name
        if phase.isEnded {
            let sat = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
            body = phase == .cancelled ? "\(phase.label) · not counted" : "\(phase.label) · \(sat) sat"
        } else if pending == nil, let bell = session.flashing(at: now) {
            // A bell is the one moment of a sit worth a glance: the notification says it.
            body = "🔔 \(bell.title) · \(session.timeText(at: now)) \(session.caption)"
        } else if pending == nil, phase == .scheduled {
            body = "Scheduled · \(session.startsText(at: now) ?? "starts now"), then \(session.targetText ?? "open-ended")"
        } else if pending == nil, phase == .warmingUp {
            body = "Warm-up · \(session.timeText(at: now)), then \(session.targetText ?? "open-ended")"
        } else {
            let label = pending.map { $0 + "…" } ?? phase.label
            body = "\(label) · \(session.timeText(at: now)) \(session.caption)"
        }
        if let presence = session.presenceText { body += " · \(presence)" }
        progressPercent = session.percent(at: now)
        switch phase {
        case .scheduled, .warmingUp, .running, .paused, .cancelled: urgency = pending == nil && session.flashing(at: now) != nil ? .normal : .low
        case .completed, .finishedEarly, .expired, .reconnecting, .stale: urgency = .normal
        }
        if offersActions, content.isScheduled {
            actions = [.startNow]
        } else if offersActions, !phase.isEnded, !content.isEnded {
            actions = [content.isPaused ? .resume : .pause, .finish, .extend]
        } else {
            actions = []
        }
    }
}
