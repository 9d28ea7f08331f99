import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sync

/// The bells of a session, rung by the terminal that owns it (never by a watcher, so
/// two terminals do not ring twice): at the start, every N minutes of time sat when the
/// settings ask for it, and at the end. The `end-bell` setting silences the start bell
/// too. (The end's desktop notification is the session's own notification, kept by
/// ``SessionNotification`` when `desktop-notification` is on.)
struct Bells {
    /// The person's settings.
    let settings: Settings
    /// Rings the terminal bell.
    let ring: () -> Void
    /// The interval bells already rung, as a count of intervals sat.
    private var intervalsRung: Int?
    private var ended = false

    init(settings: Settings, ring: @escaping () -> Void) {
        self.settings = settings
        self.ring = ring
    }

    /// The start: rung when this terminal began the session (not when it picked one up).
    func started() {
        if settings.endBell { ring() }
    }

    /// Looks at the session at `now`: rings an interval bell when a new interval has been
    /// sat, and the end bell when it has ended.
    mutating func observe(_ snapshot: ActivitySnapshot, at now: Date) {
        let content = snapshot.activity.content
        if let outcome = content.outcome {
            guard !ended else { return }
            ended = true
            guard outcome != .cancelled else { return }
            if settings.endBell { ring() }
            return
        }
        guard let minutes = settings.intervalBellMinutes else { return }
        let intervals = Int(content.elapsed(at: now) / Double(minutes * 60))
        defer { intervalsRung = intervals }
        if let rung = intervalsRung, intervals > rung { ring() }
    }
}
