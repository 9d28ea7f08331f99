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
/// It writes through `write` (standard output in the live app) the exact text to write,
/// line breaks included, so the showcase's line-output scenarios run this same code and
/// show exactly what a pipe receives.
///
/// In the accessible mode (a terminal whose keys are read, for a screen reader) it also
/// says the keys that work whenever they change (`Keys: space Pause, f Finish, …`, a
/// question and its answers, the help panel), writes the minutes' lines only when asked,
/// and leaves the cursor at the end of the last line: each line is written after a line
/// break rather than before one, and ``end()`` writes the last.
public final class LineReport {
    private var lastState: String?
    private var lastMinute: Int?
    private var lastKeys: String?
    private var written = false
    private let timeZone: LocalTimeZone
    private let write: (String) -> Void
    /// Whether a line is written each minute sat.
    private let minutes: Bool
    /// Whether the cursor is left at the end of each line (the accessible mode).
    public let cursorAtLineEnd: Bool

    /// Stamps lines with the time of day in `timeZone` and hands each to `write`: as a pipe
    /// gets them (`accessible` false), or for a screen reader, with a line each minute only
    /// when `minutes`.
    public init(timeZone: LocalTimeZone, accessible: Bool = false, minutes: Bool = true, write: @escaping (String) -> Void) {
        self.timeZone = timeZone
        self.write = write
        self.minutes = minutes || !accessible
        cursorAtLineEnd = accessible
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
        guard state != lastState || (minutes && display.phase == .running && minute != lastMinute) else { return }
        lastState = state
        lastMinute = minute
        say("\(label)  \(display.timeText(at: now)) \(caption)\(presence)  \(display.name)", at: now)
    }

    /// Writes what `model` shows at `now` as lines: the session's state line when it
    /// changed, and where keys are read (`readsKeys`, the accessible mode) the keys that
    /// work now. What the session loop draws with, and the catalog's accessible scenarios.
    public func show(_ model: LiveScreenModel, readsKeys: Bool, at now: Date) {
        if let display = model.session(at: now) { report(display, at: now) }
        // The keys are said once there is a session to press them on.
        if readsKeys, model.snapshot != nil { keys(model.hints, panel: model.panel, at: now) }
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

    /// Says the keys that work now, when they changed: a question with its answers
    /// (`Cancel this session? y Cancel the session, n/esc Keep sitting`), the help panel's
    /// keys while it is open, else the key bar's (`Keys: space Pause, f Finish, …`).
    public func keys(_ hints: [KeyHint], panel: [KeyHint]?, at now: Date) {
        let text = Self.keysLine(hints, panel: panel)
        guard text != lastKeys else { return }
        lastKeys = text
        say(text, at: now)
    }

    /// The line ``keys(_:panel:at:)`` writes.
    public static func keysLine(_ hints: [KeyHint], panel: [KeyHint]?) -> String {
        let listed = { (hints: [KeyHint]) in hints.map { "\($0.key) \($0.label)" }.joined(separator: ", ") }
        if let panel { return "Help: " + listed(panel) + ". ? closes it." }
        if let question = hints.first(where: \.isQuestion) {
            return question.label + " " + listed(hints.filter { !$0.isQuestion })
        }
        return "Keys: " + listed(hints)
    }

    /// Writes a note, stamped with the time.
    public func say(_ text: String, at now: Date) {
        let line = "\(timeZone.localTime(of: now).clockTime)  \(Sanitizer.clean(text))"
        guard cursorAtLineEnd else { return write(line + "\n") }
        // The line break of the line before, then this one: the cursor stays at its end.
        write(written ? "\n" + line : line)
        written = true
    }

    /// Ends the last line (the accessible mode leaves the cursor at its end until now).
    public func end() {
        guard cursorAtLineEnd, written else { return }
        write("\n")
        written = false
    }
}
