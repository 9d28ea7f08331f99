import Rendering

/// The desktop's notification server, as the live app reaches it: `moments notify`, and
/// `moments start` when the `desktop-notification` setting is on, keep one notification
/// per session through it. The live implementation speaks the freedesktop Notifications
/// interface over the session bus (the `DesktopNotifications` adapter, on the `DBus`
/// module); `PreviewDesktopNotifier` in Fixtures keeps what it is asked in memory.
public protocol DesktopNotifier: Sendable {
    /// Connects to the notification server; throws ``NotificationsUnavailable`` (no
    /// session bus, no server on it) with a message a person can act on.
    func connect() async throws(NotificationsUnavailable) -> any NotificationServer
}

/// A connected notification server: it shows, replaces and closes notifications, and
/// tells of its buttons pressed and its notifications closed.
public protocol NotificationServer: Sendable {
    /// Whether it shows buttons (its capabilities include `actions`).
    var offersActions: Bool { get }
    /// What happens to its notifications, in order: an action invoked, one closed.
    var events: AsyncStream<NotificationEvent> { get }
    /// Shows `content` in place of notification `replacing` (0 for a new one), expiring
    /// after `expiresAfter` (`nil`: never); answers its id, the same when replaced.
    func show(
        _ content: NotificationContent, replacing: UInt32, expiresAfter: Duration?
    ) async throws(NotificationsUnavailable) -> UInt32
    /// Closes notification `id`; nothing when it is gone already.
    func close(_ id: UInt32) async
    /// Ends the connection; ``events`` finishes.
    func disconnect()
}

/// Something that happened to a notification, as the server signals it.
public enum NotificationEvent: Hashable, Sendable {
    /// The person pressed the button whose key is `action` on notification `id`.
    case actionInvoked(id: UInt32, action: String)
    /// Notification `id` closed: expired (1), dismissed by the person (2), closed by a
    /// call (3), or for another reason (4).
    case closed(id: UInt32, reason: UInt32)
}

/// Why no notification can be shown, in words a person can act on.
public struct NotificationsUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is missing and what to do.
    public let description: String

    /// A reason.
    public init(_ description: String) {
        self.description = description
    }
}
