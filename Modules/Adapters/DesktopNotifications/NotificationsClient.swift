import DBus
import LiveApp
import Rendering

/// A client of the freedesktop Notifications interface (specification 1.2) at
/// `org.freedesktop.Notifications` on the session bus: its calls one by one, and its two
/// signals as ``LiveApp/NotificationEvent``s. As the live app's
/// ``LiveApp/NotificationServer`` it shows a ``Rendering/NotificationContent`` as one
/// `Notify` call (app name `moments`, the progress as the `value` hint, the urgency as
/// `urgency`), replacing the same id each time.
public final class NotificationsClient: NotificationServer {
    /// The interface's bus name, object path and interface name.
    public static let busName = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    /// The bus connection.
    public let connection: DBusConnection
    /// What the server said it can do (`actions`, `body`, `body-markup`, …).
    public let capabilities: [String]
    /// The server's signals, as events.
    public let events: AsyncStream<NotificationEvent>

    /// A client on `connection`, which it asks for the Notifications signals and for the
    /// server's capabilities: throws ``DBus/DBusError/remote(name:message:)`` when no
    /// notification server is on the bus.
    public init(connection: DBusConnection) async throws(DBusError) {
        self.connection = connection
        try await connection.addMatch("type='signal',interface='\(Self.busName)'")
        capabilities = try await Self.capabilities(on: connection)
        let signals = connection.signals
        events = AsyncStream { continuation in
            // The stream's producer: it lives as long as the stream (cancelled on its termination).
            let task = Task {
                for await signal in signals {
                    if let event = Self.event(of: signal) { continuation.yield(event) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// `GetCapabilities`: what the server supports.
    public static func capabilities(on connection: DBusConnection) async throws(DBusError) -> [String] {
        let reply = try await connection.call(call("GetCapabilities"))
        return reply.body.first?.elements?.compactMap(\.text) ?? []
    }

    /// `GetServerInformation`: name, vendor, version and specification version.
    public func serverInformation() async throws(DBusError) -> (name: String, vendor: String, version: String, specification: String) {
        let texts = try await connection.call(Self.call("GetServerInformation")).body.compactMap(\.text)
        guard texts.count == 4 else { throw .malformed("GetServerInformation answered \(texts.count) strings, not 4") }
        return (texts[0], texts[1], texts[2], texts[3])
    }

    /// `Notify`: shows a notification, or replaces `replacesID`'s; answers its id.
    /// `actions` are pairs of key and label; `expireTimeout` is in milliseconds (-1 the
    /// server's default, 0 never).
    public func notify(
        appName: String = "moments", replacesID: UInt32 = 0, appIcon: String = "", summary: String, body: String,
        actions: [(key: String, label: String)] = [], hints: [(String, DBusValue)] = [], expireTimeout: Int32 = -1
    ) async throws(DBusError) -> UInt32 {
        let reply = try await connection.call(
            Self.call(
                "Notify",
                [
                    .string(appName), .uint32(replacesID), .string(appIcon), .string(summary), .string(body),
                    .strings(actions.flatMap { [$0.key, $0.label] }), .dictionary(hints), .int32(expireTimeout),
                ]))
        guard let id = reply.body.first?.uint32 else { throw .malformed("Notify answered no id") }
        return id
    }

    /// `CloseNotification`.
    public func closeNotification(_ id: UInt32) async throws(DBusError) {
        _ = try await connection.call(Self.call("CloseNotification", [.uint32(id)]))
    }

    // MARK: - The live app's NotificationServer

    public var offersActions: Bool { capabilities.contains("actions") }

    public func show(
        _ content: NotificationContent, replacing: UInt32, expiresAfter: Duration?
    ) async throws(NotificationsUnavailable) -> UInt32 {
        var hints: [(String, DBusValue)] = [("urgency", .byte(content.urgency.rawValue))]
        if let percent = content.progressPercent { hints.append(("value", .int32(Int32(percent)))) }
        let milliseconds = expiresAfter.map { min(Int64(Int32.max), max(1, $0.components.seconds * 1_000 + $0.components.attoseconds / 1_000_000_000_000_000)) }
        do {
            return try await notify(
                replacesID: replacing, summary: content.summary, body: markupSafe(content.body),
                actions: content.actions.map { ($0.rawValue, $0.label) }, hints: hints,
                expireTimeout: Int32(milliseconds ?? 0))
        } catch {
            throw NotificationsUnavailable("the notification server refused the notification: \(error.description)")
        }
    }

    public func close(_ id: UInt32) async {
        try? await closeNotification(id)
    }

    public func disconnect() {
        connection.close()
    }

    /// `text` with `&`, `<` and `>` escaped where the server reads markup in bodies, so a
    /// session's name is shown as typed.
    func markupSafe(_ text: String) -> String {
        guard capabilities.contains("body-markup") else { return text }
        return text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// A call of the interface's `member`.
    static func call(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: busName, path: path, interface: busName, member: member, body: body)
    }

    /// The event a signal of the interface says, or `nil` for any other message.
    static func event(of signal: DBusMessage) -> NotificationEvent? {
        guard signal.interface == busName, let id = signal.body.first?.uint32, signal.body.count == 2 else { return nil }
        switch signal.member {
        case "ActionInvoked": return signal.body[1].text.map { .actionInvoked(id: id, action: $0) }
        case "NotificationClosed": return signal.body[1].uint32.map { .closed(id: id, reason: $0) }
        default: return nil
        }
    }
}
