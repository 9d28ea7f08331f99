import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// What `moments start` prints when a session ends: how it ended, the time sat, for a
/// group sit how many sat it, today's total and the streak, from the history the server's host has just written.
public enum SessionSummary {
    /// The lines of the summary of `activity`, with the history's figures when it can be
    /// read (`history` of the person's locations), today being today in `timeZone`.
    public static func lines(of activity: Activity, history: (any SessionHistory)?, timeZone: LocalTimeZone = SystemTimeZone.current(), now: Date = Date()) -> [String] {
        let content = activity.content
        let display = SessionDisplay(activity: activity, timeDisplay: .elapsed, at: now)
        let phase = display.phase
        let sat = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
        var lines = ["\(phase.label): \(activity.attributes.name.value)"]
        if let target = content.targetTimeInSeconds {
            lines.append("  Sat \(sat) of \(timerDisplayFromSeconds(seconds: target, showSeconds: content.showSeconds))")
        } else {
            lines.append("  Sat \(sat)")
        }
        // A group sit's: `sat with 14`, the most who sat it at once (ADR 0073).
        if let presence = display.presenceText { lines.append("  \(presence.prefix(1).uppercased() + presence.dropFirst())") }
        if content.outcome == .cancelled { lines.append("  Cancelled sessions are not counted.") }
        if let history {
            let stats = history.stats(timeZone: timeZone, now: now, days: 1)
            let today = (stats.minutesPerDay.last?.minutes ?? 0) * 60
            let days = stats.currentStreak == 1 ? "1 day" : "\(stats.currentStreak) days"
            lines.append("  Today \(timerDisplayFromSeconds(seconds: today, showSeconds: true)) · Streak \(days)")
        }
        return lines
    }
}
