/// The desktop's notifications, as the live app sends them: a session's end, when the
/// person's settings ask for it. The live implementation hands each to `notify-send` (the
/// `NotifySend` adapter); `PreviewDesktopNotifier` in Fixtures keeps them for a test.
public protocol DesktopNotifier: Sendable {
    /// Shows a notification with `title` and `body`; never waits for it, and does nothing
    /// where the desktop has no notification service.
    func notify(title: String, body: String)
}
