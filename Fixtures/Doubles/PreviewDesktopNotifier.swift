import LiveApp
import Synchronization

/// The desktop's notifications in memory, for previews and tests: each is kept, in order,
/// and none is shown.
public final class PreviewDesktopNotifier: DesktopNotifier {
    /// One notification.
    public struct Notification: Hashable, Sendable {
        /// Its title.
        public let title: String
        /// Its body.
        public let body: String

        /// A notification of `title` and `body`.
        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    private let sent = Mutex<[Notification]>([])

    /// A notifier that has sent nothing yet.
    public init() {}

    /// Every notification sent, in order.
    public var notifications: [Notification] { sent.withLock { $0 } }

    public func notify(title: String, body: String) {
        sent.withLock { $0.append(Notification(title: title, body: body)) }
    }
}
