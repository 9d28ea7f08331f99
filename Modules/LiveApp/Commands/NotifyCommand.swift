import ArgumentParser
import Rendering

/// `moments notify`: a session's Live Activity as a desktop notification. It finds the
/// session as `moments watch` does, keeps one notification of it updated in place, sends
/// the intent of each of its buttons, and prints a line per change of state as
/// `moments watch --no-tty` does; the notification shows the outcome at the end and closes
/// at the activity's dismissal.
struct NotifyCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Keep a running session's desktop notification, following the sync server.",
        discussion: """
            Without ID it follows the session a `moments start` of yours is showing, or one \
            kept running on the embedded server (which it then hosts). The notification is \
            updated in place each second (or minute, without seconds shown) and on every \
            change; where the notification server offers buttons, Pause/Resume, Finish and \
            +1 min send their intent. Beside it, a media player (MPRIS) shows the session on \
            the lock screen and in the quick settings of GNOME, KDE and Cinnamon, its bar \
            running by itself; its play, pause and stop buttons send their intent. Both \
            speak over the session bus (DBUS_SESSION_BUS_ADDRESS).

            \(ExitStatus.summary)
            """)

    @OptionGroup var target: SessionTarget

    @OptionGroup var bell: BellOption

    func run(with dependencies: LiveDependencies) async throws {
        let (notifier, console) = (dependencies.notifier, dependencies.console)
        // The notification is the command's point: without one it fails. The lock screen's
        // player and the dock's progress beside it are a bonus: without a bus for them, said once.
        let desktop: @Sendable () async throws -> DesktopSurfaces = {
            let notification: SessionNotification
            do throws(NotificationsUnavailable) {
                notification = SessionNotification(server: try await notifier.connect())
            } catch {
                throw console.failure("cannot show a desktop notification: \(error.description)", status: .environmentFailure)
            }
            var surfaces = await DesktopSurfaces.besideTheNotification(dependencies)
            surfaces.notification = notification
            return surfaces
        }
        // A join code: a group sit's notification, without buttons (a follower changes nothing).
        if let sit = try JoinedSit.named(by: target, bell: bell, console: console) {
            try await sit.show(surfaces: [.lock], noTTY: true, desktop: desktop, dependencies: dependencies)
            return
        }
        try await FollowedSession(target: target, bell: bell, command: "notify").show(
            surfaces: [.lock], noTTY: true, desktop: desktop, dependencies: dependencies)
    }
}
