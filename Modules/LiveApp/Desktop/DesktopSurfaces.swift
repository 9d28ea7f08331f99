#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

/// What a session loop keeps on the desktop beside its terminal: the session's
/// notification and its media player on the lock screen, each when this process keeps
/// one. The loop hands every frame to both, takes the intents of both's buttons, and lets
/// both go when it ends.
struct DesktopSurfaces: Sendable {
    /// The desktop notification, when kept.
    var notification: SessionNotification?
    /// The lock screen's media player, when kept.
    var player: SessionMediaPlayer?

    /// Nothing on the desktop: a watcher, a preview.
    static let none = DesktopSurfaces()

    /// Whether anything is kept.
    var isEmpty: Bool { notification == nil && player == nil }

    /// The notification and the player a session of `settings`' person keeps with
    /// `dependencies`: both when the `desktop-notification` setting is on, each said once
    /// on standard error when it cannot be had.
    static func open(when wanted: Bool, dependencies: LiveDependencies) async -> DesktopSurfaces {
        guard wanted else { return .none }
        return DesktopSurfaces(
            notification: await SessionNotification.open(dependencies.notifier, console: dependencies.console),
            player: await SessionMediaPlayer.open(dependencies.mediaPlayer, clock: dependencies.clock, console: dependencies.console))
    }

    /// The intents of their buttons, one stream each.
    func intents() -> [AsyncStream<Intent>] {
        [notification?.intents(), player?.intents()].compactMap { $0 }
    }

    /// Shows what `model` holds at `now` on each.
    func update(_ model: LiveScreenModel, at now: Date) {
        notification?.update(model, at: now)
        player?.update(model, at: now)
    }

    /// Lets both go once the loop ended as `ending`: the end's outcome stays until its
    /// dismissal (the notification server expires it then; the player goes then, or with
    /// this process), and left any other way, nobody keeps them current, so they go.
    func finish(after ending: SessionEnding) async {
        if case .ended = ending {} else {
            notification?.close()
            player?.withdraw()
        }
        await notification?.finish()
        await player?.finish()
    }
}
