#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

/// What a session loop keeps on the desktop beside its terminal: the session's
/// notification, its media player on the lock screen and its progress on the dock's icon,
/// each when this process keeps one. The loop hands every frame to each, takes the intents
/// of the buttons, and lets them go when it ends.
struct DesktopSurfaces: Sendable {
    /// The desktop notification, when kept.
    var notification: SessionNotification?
    /// The lock screen's media player, when kept.
    var player: SessionMediaPlayer?
    /// The dock icon's progress, when kept.
    var dock: SessionDockEntry?

    /// Nothing on the desktop: a watcher, a preview.
    static let none = DesktopSurfaces()

    /// Whether anything is kept.
    var isEmpty: Bool { notification == nil && player == nil && dock == nil }

    /// The notification, the player and the dock entry a session keeps with
    /// `dependencies` when `wanted` (the `desktop-notification` setting is on), each said
    /// once on standard error when it cannot be had.
    static func open(when wanted: Bool, dependencies: LiveDependencies) async -> DesktopSurfaces {
        guard wanted else { return .none }
        var surfaces = await besideTheNotification(dependencies)
        surfaces.notification = await SessionNotification.open(dependencies.notifier, console: dependencies.console)
        return surfaces
    }

    /// The player and the dock entry that go with a notification, each said once on
    /// standard error when it cannot be had.
    static func besideTheNotification(_ dependencies: LiveDependencies) async -> DesktopSurfaces {
        let console = dependencies.console
        return DesktopSurfaces(
            player: await SessionMediaPlayer.open(dependencies.mediaPlayer, clock: dependencies.clock, console: console),
            dock: await SessionDockEntry.open(dependencies.dock, console: console))
    }

    /// The intents of their buttons, one stream each.
    func intents() -> [AsyncStream<Intent>] {
        [notification?.intents(), player?.intents()].compactMap { $0 }
    }

    /// Shows what `model` holds at `now` on each.
    func update(_ model: LiveScreenModel, at now: Date) {
        notification?.update(model, at: now)
        player?.update(model, at: now)
        dock?.update(model, at: now)
    }

    /// Lets them go once the loop ended as `ending`: the end's outcome stays until its
    /// dismissal (the notification server expires it then; the player goes then, or with
    /// this process), and left any other way, nobody keeps them current, so they go. The
    /// dock's icon is cleared either way.
    func finish(after ending: SessionEnding) async {
        if case .ended = ending {} else {
            notification?.close()
            player?.withdraw()
        }
        dock?.clear()
        await notification?.finish()
        await player?.finish()
        await dock?.finish()
    }
}
