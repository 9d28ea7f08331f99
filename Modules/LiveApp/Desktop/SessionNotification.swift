import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol
import Synchronization

/// One session's desktop notification, kept by the session loop (`LiveSession`): shown
/// on the first frame, replaced in place (the same id) whenever what it says changes, on
/// pushes and at the display's boundaries, showing the outcome at the end and closed at
/// the activity's dismissal. The calls to the server go out one at a time, in order,
/// from a task of its own, so the loop never waits on the bus.
public final class SessionNotification: Sendable {
    private enum Request: Sendable {
        case show(NotificationContent, expiresAfter: Duration?)
        case close
    }

    /// The id the server gave, 0 before the first show or after the notification closed;
    /// shared by the worker that sets it and the reader of the server's events.
    private final class Shown: Sendable {
        let id = Mutex<UInt32>(0)
    }

    private let server: any NotificationServer
    private let current = Shown()
    /// The last content asked for, so an unchanged one is not sent again.
    private let asked = Mutex<NotificationContent?>(nil)
    private let calls: SerialCalls<Request>

    /// A notification kept on `server`.
    init(server: any NotificationServer) {
        self.server = server
        let current = self.current
        calls = SerialCalls { request in
            let id = current.id.withLock { $0 }
            switch request {
            case .show(let content, let expiry):
                let shown = try? await server.show(content, replacing: id, expiresAfter: expiry)
                current.id.withLock { $0 = shown ?? id }
            case .close:
                guard id != 0 else { return }
                await server.close(id)
                current.id.withLock { $0 = 0 }
            }
        }
    }

    /// The notification of a session on `notifier`'s server, or `nil` when there is none:
    /// said once on standard error, and the session goes on without.
    static func open(_ notifier: any DesktopNotifier, console: Console) async -> SessionNotification? {
        do {
            return SessionNotification(server: try await notifier.connect())
        } catch {
            console.warn("no desktop notification: \(error.description)")
            return nil
        }
    }

    /// Whether the server shows buttons.
    var offersActions: Bool { server.offersActions }

    /// The id shown now (0 when none).
    var id: UInt32 { current.id.withLock { $0 } }

    /// The intents of the actions pressed on this notification, as they come; the end of
    /// the server's events ends it.
    func intents() -> AsyncStream<Intent> {
        let (server, current) = (self.server, self.current)
        return AsyncStream { continuation in
            // The stream's producer: it lives as long as the stream (cancelled on its termination).
            let task = Task {
                for await event in server.events {
                    switch event {
                    case .actionInvoked(let id, let key):
                        guard id == current.id.withLock({ $0 }), let action = NotificationContent.Action(rawValue: key) else { continue }
                        continuation.yield(Self.intent(of: action))
                    case .closed(let id, _):
                        // Closed by the person or expired: the next change shows a new one.
                        current.id.withLock { if $0 == id { $0 = 0 } }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Shows what `model` holds at `now`, when it differs from what was last shown: the
    /// running state never expires; an ended session's outcome expires at its dismissal.
    func update(_ model: LiveScreenModel, at now: Date) {
        guard let snapshot = model.snapshot, let display = model.session(at: now) else { return }
        if snapshot.event == .dismiss || snapshot.activity.status(at: now) == .dismissed {
            close()
            return
        }
        // A group sit's follower changes nothing: their notification has no buttons.
        let content = Self.content(of: display, at: now, pending: model.pending, offersActions: offersActions && !model.isFollower)
        let changed = asked.withLock { asked in
            defer { asked = content }
            return asked != content
        }
        guard changed else { return }
        let expiry = snapshot.activity.lifecycle.dismissalDate.map { Duration.milliseconds(max(1, Int64($0.timeIntervalSince(now) * 1_000))) }
        calls.ask(.show(content, expiresAfter: expiry))
    }

    /// Closes the notification (the session was dismissed, or this process leaves it).
    func close() {
        asked.withLock { $0 = nil }
        calls.ask(.close)
    }

    /// Waits until every call asked for has been made, then lets the connection go.
    func finish() async {
        await calls.finish()
        server.disconnect()
    }

    /// What the notification says of `display` at `now`, with `pending` awaiting its
    /// answer: the one function `moments notify` and the showcase both use.
    public static func content(
        of display: SessionDisplay, at now: Date, pending: Intent?, offersActions: Bool
    ) -> NotificationContent {
        NotificationContent(
            session: display, at: now, pending: pending.map(LiveScreenModel.pendingLabel), offersActions: offersActions)
    }

    /// The intent an action sends.
    public static func intent(of action: NotificationContent.Action) -> Intent {
        switch action {
        case .pause: return .pause
        // A scheduled sit resumed is begun (`Domain.Transition`).
        case .resume, .startNow: return .resume
        case .finish: return .finish
        case .extend: return .adjustTarget(bySeconds: 60)
        }
    }
}
