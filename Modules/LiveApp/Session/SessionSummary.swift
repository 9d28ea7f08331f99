import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// What `moments start` prints when a session ends: how it ended, the time sat, today's
/// total and the streak, from the history the server's host has just written.
public enum SessionSummary {
    /// The lines of the summary of `activity`, with the history's figures when it can be
    /// read (`history` of the person's locations), today being today in `timeZone`.
    public static func lines(of activity: Activity, history: (any SessionHistory)?, timeZone: LocalTimeZone = SystemTimeZone.current(), now: Date = Date()) -> [String] {
        let content = activity.content
        let phase = SessionDisplay(activity: activity, timeDisplay: .elapsed, at: now).phase
        let sat = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
        var lines = ["\(phase.label): \(activity.attributes.name.value)"]
        if let target = content.targetTimeInSeconds {
            lines.append("  Sat \(sat) of \(timerDisplayFromSeconds(seconds: target, showSeconds: content.showSeconds))")
        } else {
            lines.append("  Sat \(sat)")
        }
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
