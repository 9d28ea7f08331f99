#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The desktop's media controls, as the live app reaches them: the process that keeps a
/// session's desktop notification (`moments notify`, `moments start` with the
/// `desktop-notification` setting on) also puts a media player on the session bus, which
/// GNOME, KDE and Cinnamon show on the lock screen. The live implementation is an MPRIS
/// player over the project's own D-Bus module (the `MediaPlayerBus` adapter);
/// `PreviewDesktopMediaPlayer` in Fixtures keeps what it is asked in memory.
public protocol DesktopMediaPlayer: Sendable {
    /// Connects to the session bus, ready to show a player; throws
    /// ``MediaPlayerUnavailable`` (no session bus) with a message a person can act on.
    /// `now` is the clock the session is shown by, which the player's position is read
    /// against between updates.
    func connect(now: @escaping @Sendable () -> Date) async throws(MediaPlayerUnavailable) -> any MediaPlayerOutlet
}

/// A player connected to the desktop: it shows a `MediaPlayerContent` (the
/// first shown puts it on the bus), tells of its buttons pressed, and goes away.
public protocol MediaPlayerOutlet: Sendable {
    /// What its controls were asked, in order (`PlayPause` from the lock screen,
    /// `playerctl play-pause`).
    var commands: AsyncStream<MediaPlayerContent.Command> { get }
    /// Shows `content`, made at `instant`: what changed is announced (the properties that
    /// changed; the position, when it jumped), and the position runs on from it.
    func show(_ content: MediaPlayerContent, madeAt instant: Date) async throws(MediaPlayerUnavailable)
    /// Takes the player off the desktop (the session was dismissed, or this process
    /// leaves it); nothing when it is not shown.
    func withdraw() async
    /// Ends the connection; ``commands`` finishes.
    func disconnect()
}

/// Why no media player can be shown, in words a person can act on.
public struct MediaPlayerUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is missing and what to do.
    public let description: String

    /// A reason.
    public init(_ description: String) {
        self.description = description
    }
}
