import DBus
import DesktopNotifications
import Fixtures
import LiveApp
import Rendering
import TestSupport
import Testing

/// The Notifications client against a real notification server: dunst on a private bus
/// and a virtual display (TestSupport's ``TestSupport/DesktopSession``), read back with
/// `dunstctl`, which asks dunst itself over the same bus.
@Suite("The Notifications client against dunst", .timeLimit(.minutes(2)))
struct NotificationsClientTests {
    /// A desktop of the test's own, and a client on its bus.
    static func dunst() async throws -> (DesktopSession, NotificationsClient) {
        let desktop = try await DesktopSession.start()
        do {
            return (desktop, try await NotificationsClient(connection: DBusConnection.session(environment: desktop.environment)))
        } catch {
            desktop.stop()
            throw error
        }
    }

    @Test("capabilities and server information: dunst, with actions")
    func capabilities() async throws {
        let (desktop, client) = try await Self.dunst()
        defer {
            client.disconnect()
            desktop.stop()
        }
        #expect(client.capabilities.contains("actions"))
        #expect(client.offersActions)
        let information = try await client.serverInformation()
        #expect(information.name == "dunst")
        #expect(information.specification == "1.2")
    }

    @Test("Notify, then Notify replacing its id: one notification, the same id, the second content")
    func replaceInPlace() async throws {
        let (desktop, client) = try await Self.dunst()
        defer {
            client.disconnect()
            desktop.stop()
        }
        let running = NotificationRecipe().content!
        let id = try await client.show(running, replacing: 0, expiresAfter: nil)
        #expect(id != 0)
        try await eventually { (try? desktop.dunstctl("count", "displayed")) == "1\n" }
        var paused = NotificationRecipe(SessionRecipe(.lock, moment: .paused(elapsed: 125))).content!
        paused.summary = "Tea & <b>biscuits</b>"
        #expect(try await client.show(paused, replacing: id, expiresAfter: nil) == id)
        #expect(try desktop.dunstctl("count", "displayed") == "1\n")

        // Closed by the person (what `dunstctl close` does), it goes into the history as
        // last shown: the paused content, under the one id.
        _ = try desktop.dunstctl("close")
        try await eventually { (try? desktop.history().isEmpty) == false }
        let entry = try #require(try desktop.history().first)
        #expect(entry["id"] == String(id))
        #expect(entry["appname"] == "moments")
        #expect(entry["summary"] == "Tea & <b>biscuits</b>")
        #expect(entry["body"]?.hasPrefix("Paused · 2:05 of 5:00") == true)
        #expect(entry["progress"] == "41")
        #expect(try desktop.history().count == 1)
    }

    @Test("CloseNotification closes it, and NotificationClosed says so with reason 3")
    func close() async throws {
        let (desktop, client) = try await Self.dunst()
        defer {
            client.disconnect()
            desktop.stop()
        }
        let id = try await client.notify(summary: "Morning sit", body: "Running", expireTimeout: 0)
        try await eventually { (try? desktop.dunstctl("count", "displayed")) == "1\n" }
        var events = client.events.makeAsyncIterator()
        try await client.closeNotification(id)
        #expect(await events.next() == .closed(id: id, reason: 3))
        try await eventually { (try? desktop.dunstctl("count", "displayed")) == "0\n" }
    }

    @Test("no session bus, or no notification server on it: a message that says what to do")
    func unavailable() async throws {
        do {
            _ = try await FreedesktopNotifier(environment: [:]).connect()
            Issue.record("connected with no session bus")
        } catch {
            #expect(error.description == "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run it inside your desktop session")
        }
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        do {
            _ = try await FreedesktopNotifier(environment: bus.environment).connect()
            Issue.record("connected with no notification server")
        } catch {
            #expect(error.description.hasPrefix("no notification server on the session bus"))
        }
    }
}
