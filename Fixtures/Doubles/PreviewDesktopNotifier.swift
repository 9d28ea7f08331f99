import LiveApp
import Rendering
import Synchronization

/// The desktop's notification server in memory, for previews and tests: every call is
/// kept, in order, and nothing is shown. ``unavailable`` stands for a desktop with no
/// session bus; `press(_:)` stands for a person pressing a button.
public final class PreviewDesktopNotifier: DesktopNotifier, NotificationServer {
    /// One call the live app made.
    public enum Call: Hashable, Sendable {
        /// `show`: the content, the id replaced (0 for new), the id answered.
        case show(NotificationContent, replacing: UInt32, id: UInt32)
        /// `close` of an id.
        case close(UInt32)
    }

    private struct State {
        var calls: [Call] = []
        var nextID: UInt32 = 1
    }

    private let state = Mutex(State())
    private let unavailableReason: String?
    public let offersActions: Bool
    public let events: AsyncStream<NotificationEvent>
    private let sink: AsyncStream<NotificationEvent>.Continuation

    /// A server that shows notifications, with buttons unless `offersActions` is false.
    public convenience init(offersActions: Bool = true) {
        self.init(offersActions: offersActions, unavailable: nil)
    }

    private init(offersActions: Bool, unavailable: String?) {
        self.offersActions = offersActions
        unavailableReason = unavailable
        (events, sink) = AsyncStream.makeStream(of: NotificationEvent.self)
    }

    /// A desktop with no session bus: connecting fails with this reason.
    public static var unavailable: PreviewDesktopNotifier {
        PreviewDesktopNotifier(offersActions: false, unavailable: "no session bus (a preview without one)")
    }

    /// Every call, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The contents shown, in order.
    public var shown: [NotificationContent] {
        calls.compactMap { if case .show(let content, _, _) = $0 { return content } else { return nil } }
    }

    /// A person pressing the button `action` on notification `id`.
    public func press(_ action: NotificationContent.Action, on id: UInt32) {
        sink.yield(.actionInvoked(id: id, action: action.rawValue))
    }

    public func connect() async throws(NotificationsUnavailable) -> any NotificationServer {
        if let unavailableReason { throw NotificationsUnavailable(unavailableReason) }
        return self
    }

    public func show(
        _ content: NotificationContent, replacing: UInt32, expiresAfter: Duration?
    ) async throws(NotificationsUnavailable) -> UInt32 {
        state.withLock { state in
            let id = replacing != 0 ? replacing : state.nextID
            if replacing == 0 { state.nextID += 1 }
            state.calls.append(.show(content, replacing: replacing, id: id))
            return id
        }
    }

    public func close(_ id: UInt32) async {
        state.withLock { $0.calls.append(.close(id)) }
    }

    public func disconnect() {}
}
