import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The line side of `LiveOutput`: a line when what it would say changes, and one a
/// minute while the time runs, each stamped with the time of day; no escape at all.
///
/// It writes through `write` (standard output in the live app), so the showcase's
/// line-output scenarios run this same code and show exactly what a pipe receives.
public final class LineReport {
    private var lastState: String?
    private var lastMinute: Int?
    private let timeZone: LocalTimeZone
    private let write: (String) -> Void

    /// Stamps lines with the time of day in `timeZone` and hands each to `write`.
    public init(timeZone: LocalTimeZone, write: @escaping (String) -> Void) {
        self.timeZone = timeZone
        self.write = write
    }

    /// Writes a line for `display` at `now` if its state changed or a new minute was sat.
    /// During a warm-up the line says so and what follows (`Warm-up  0:30 then 3:00`); the
    /// start bell's push ends it with a `Running` line. Before a scheduled start it says
    /// when (`Scheduled  3:59 starts in 4m, then 20:00`), again as the minutes change.
    public func report(_ display: SessionDisplay, at now: Date) {
        let phase = display.phase(at: now)
        let warming = phase == .warmingUp
        let label = phase.label
        let caption = warming ? "then " + (display.targetText ?? "open-ended") : display.caption(at: now)
        // A group sit's count of people is said when it changes, with the state.
        let presence = display.presenceText.map { " · \($0)" } ?? ""
        let state = "\(label) · \(caption)\(presence)"
        let minute = Int(display.content.elapsed(at: now) / 60)
        guard state != lastState || (display.phase == .running && minute != lastMinute) else { return }
        lastState = state
        lastMinute = minute
        say("\(label)  \(display.timeText(at: now)) \(caption)\(presence)  \(display.name)", at: now)
    }

    /// What a watcher's lines say when the session ends and its dismissal has not come yet;
    /// `q` only where keys are read (a terminal), Ctrl-C (a signal) everywhere.
    public static func waitingForDismissal(readsKeys: Bool) -> String {
        "The session has ended; waiting for its dismissal (\(readsKeys ? "q or Ctrl-C" : "Ctrl-C") to stop watching)."
    }

    /// The line a bell rung prints: `🔔 bell 2 of 5 (1 strike)`.
    public static func bell(_ alert: BellAlert) -> String {
        "🔔 \(alert.summary) (\(alert.strikes) strike\(alert.strikes == 1 ? "" : "s"))"
    }

    /// Writes a note, stamped with the time.
    public func say(_ text: String, at now: Date) {
        write("\(timeZone.localTime(of: now).clockTime)  \(Sanitizer.clean(text))")
    }
}
