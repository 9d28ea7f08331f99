import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session as the dock shows it on `moments`' icon (dash-to-dock, KDE's task manager,
/// Plank, through the `com.canonical.Unity.LauncherEntry` signals): a progress bar under
/// the icon while a session with a target runs or is paused, the icon marked urgent while
/// a bell rings, and nothing once the session has ended. One more presentation of the Live
/// Activity, computed from the same ``SessionDisplay`` every other surface draws.
public struct DockEntryContent: Hashable, Sendable {
    /// The fraction done under the icon (0 to 1, in whole percents as every surface shows
    /// them), or `nil` when the dock shows no bar: open-ended, scheduled, or ended.
    public var progress: Double?
    /// Whether the icon asks for attention: a bell is ringing.
    public var urgent: Bool

    /// Nothing on the icon: what the dock is left with at the end.
    public static let cleared = DockEntryContent(progress: nil, urgent: false)

    /// A dock entry of these parts.
    public init(progress: Double?, urgent: Bool) {
        self.progress = progress
        self.urgent = urgent
    }

    /// The dock's entry of `session` at `now`: the whole percent sat under the icon while a
    /// sit with a target runs or is paused (0 through its warm-up), urgent while a bell
    /// flashes; cleared before a scheduled start and once ended.
    public init(session: SessionDisplay, at now: Date) {
        let content = session.content
        guard !content.isEnded, !content.isScheduled else {
            self = .cleared
            return
        }
        progress = session.percent(at: now).map { Double($0) / 100 }
        urgent = session.flashing(at: now) != nil
    }

    /// Whether the dock shows anything of the session.
    public var isCleared: Bool { self == .cleared }
}
