import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session in one line of a status bar or the tmux status line: the analogue of the
/// Dynamic Island's compact presentation on a Linux desktop, from the same
/// ``SessionDisplay`` every other presentation draws.
///
/// The line is the phase's glyph, the time, the progress and the name cut to fit
/// ``budget`` cells (`▸ 2:05 41% Morning sit`), and it is written in each of
/// ``StatusLineFormat``'s formats by ``text(_:at:)``: a pure function of the display, the
/// instant and the format, with no I/O, so `moments status`, the showcase and the tests
/// produce the same bytes for the same state.
///
/// With no session (`session` is `nil`) each format has an *empty form* that makes the bar
/// hide its module: an empty line, an object with empty text. An intent that is sent and
/// not yet answered (`pending`) shows as the `pending` phase with its label in the
/// tooltip, as the live screen shows its pending mark.
public struct StatusLine: Hashable, Sendable {
    /// The session shown, or `nil` when there is none.
    public let session: SessionDisplay?
    /// What an intent sent and not yet answered is doing ("Pausing"), or `nil`.
    public let pending: String?

    /// The most cells the plain line takes: a bar module sits beside others, like the
    /// island's compact pill beside the camera (`PresentationBudget.compactLeading` and
    /// trailing together, with room for the percentage).
    public static let budget = 30

    /// The line of `session` (none: the empty forms), with the `pending` mark when an
    /// intent waits for its answer.
    public init(session: SessionDisplay?, pending: String? = nil) {
        self.session = session
        self.pending = pending
    }

    /// The phase's name at `now` as bars see it: a CSS class for waybar, the `phase` of the
    /// JSON. One of ``SessionPhase``'s raw values (`warmingUp` while the warm-up counts
    /// down), `pending`, or `none` without a session.
    public func phaseName(at now: Date) -> String {
        guard let session else { return "none" }
        return pending == nil ? session.phase(at: now).rawValue : "pending"
    }

    /// The one-cell glyph at `now`: the phase's mark, `…` while an intent is pending.
    public func glyph(at now: Date) -> String {
        guard let session else { return "" }
        return pending == nil ? String(session.phase(at: now).symbol) : "…"
    }

    /// The colour of the line at `now`: the phase's role in the dark palette (bars are
    /// mostly dark), the warning colour while an intent is pending.
    public func color(at now: Date) -> TerminalColor? {
        guard let session else { return nil }
        return Palette.dark.color(for: pending == nil ? session.phase(at: now).color : .warning)
    }

    /// The time and the percentage at `now`: `2:05 41%`, `42:00` when open-ended; during
    /// the warm-up its countdown alone (`0:04`), as no time is sat yet; before a scheduled
    /// start, when it starts (`starts in 4m`).
    public func timeAndProgress(at now: Date) -> String {
        guard let session else { return "" }
        if let starts = session.startsText(at: now) { return starts }
        let time = session.timeText(at: now)
        guard !session.isWarmingUp(at: now) else { return time }
        return session.percentText(at: now).map { "\(time) \($0)" } ?? time
    }

    /// The short form a crowded bar falls back to: the glyph and the time.
    public func shortText(at now: Date) -> String {
        guard let session else { return "" }
        return "\(bellMark(at: now))\(glyph(at: now)) \(session.timeText(at: now))"
    }

    /// `🔔 ` while a bell flashes (``SessionDisplay/flashing(at:)``), else nothing.
    func bellMark(at now: Date) -> String {
        session?.flashing(at: now) == nil ? "" : "🔔 "
    }

    /// The whole line at `now`, at most ``budget`` cells: the glyph, the time, the
    /// progress, then the name (sanitised) cut with `…` to what is left.
    public func fullText(at now: Date) -> String {
        let (head, name) = parts(at: now)
        return name.isEmpty ? head : "\(head) \(name)"
    }

    /// The line's two parts at `now`: the glyph with the time and progress (and a group
    /// sit's `●14` sitting), which formats colour, and the name cut to the room left
    /// (empty when none is).
    public func parts(at now: Date) -> (head: String, name: String) {
        guard let session else { return ("", "") }
        let presence = session.presenceMark.map { " \($0)" } ?? ""
        let head = "\(bellMark(at: now))\(glyph(at: now)) \(timeAndProgress(at: now))\(presence)"
        let room = Self.budget - GraphemeWidth.width(of: head) - 1
        return (head, Self.fitted(session.name, width: room))
    }

    /// What a tooltip or a notification says: the whole name, the phase (or the pending
    /// intent) and the time against the target; during the warm-up, its countdown and
    /// then the sit (`Warm-up · 0:04, then 3:00`).
    public func tooltip(at now: Date) -> String {
        guard let session else { return "" }
        if pending == nil, session.phase(at: now) == .warmingUp {
            let then = session.targetText ?? "open-ended"
            return "\(Sanitizer.clean(session.name)) · Warm-up · \(session.timeText(at: now)), then \(then)"
        }
        let state = pending.map { "\($0)…" } ?? session.phase.label
        let time = session.timeText(at: now)
        let percent = session.percentText(at: now).map { " (\($0))" } ?? ""
        let presence = session.presenceText.map { " · \($0)" } ?? ""
        return "\(Sanitizer.clean(session.name)) · \(state) · \(time) \(session.caption(at: now))\(percent)\(presence)"
    }

    /// The percentage done at `now`, 0 to 100; 0 when open-ended (waybar's `percentage`
    /// must be a number).
    public func percentage(at now: Date) -> Int {
        session?.percent(at: now) ?? 0
    }

    /// `text` sanitised and cut to `width` cells with `…`, by the toolkit's own layout;
    /// empty when not even a cell is left.
    static func fitted(_ text: String, width: Int) -> String {
        guard width > 0, let line = TextLayout.paragraphs(Sanitizer.clean(text)).first else { return "" }
        return String(TextLayout.truncated(line, width: width).map(\.character))
    }
}
