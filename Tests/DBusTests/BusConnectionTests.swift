import DBus
import Foundation
import TestSupport
import Testing

/// The client against a real `dbus-daemon` of the test's own (TestSupport's
/// ``TestSupport/DesktopSession``, with no notification server): authentication, `Hello`,
/// calls matched to replies, errors, and signals after `AddMatch`.
@Suite("D-Bus connections to a real bus", .timeLimit(.minutes(2)))
struct BusConnectionTests {
    @Test("a socket file and an abstract socket: each authenticates and is named by Hello", arguments: [false, true])
    func hello(abstract: Bool) async throws {
        let bus = try await DesktopSession.start(notificationServer: false, abstract: abstract)
        defer { bus.stop() }
        #expect(bus.busAddress.hasPrefix(abstract ? "unix:abstract=" : "unix:path="))
        let connection = try await DBusConnection.session(environment: bus.environment)
        defer { connection.close() }
        #expect(connection.uniqueName.hasPrefix(":"))
        let reply = try await connection.call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", body: [.string(connection.uniqueName)]))
        #expect(reply.body == [.boolean(true)])
    }

    @Test("a signal another connection emits arrives after AddMatch, with its body")
    func signals() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let listener = try await DBusConnection.session(environment: bus.environment)
        let speaker = try await DBusConnection.session(environment: bus.environment)
        defer {
            listener.close()
            speaker.close()
        }
        try await listener.addMatch("type='signal',interface='org.freedesktop.Notifications'")
        try speaker.send(
            .signal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                member: "ActionInvoked", body: [.uint32(7), .string("pause")]))
        // The bus's own NameAcquired comes to every new connection unasked; skip it.
        var signals = listener.signals.filter { $0.member == "ActionInvoked" }.makeAsyncIterator()
        let signal = try #require(await signals.next())
        #expect(signal.member == "ActionInvoked")
        #expect(signal.sender == speaker.uniqueName)
        #expect(signal.body == [.uint32(7), .string("pause")])
    }

    @Test("an error reply is thrown with its name; after close, calls fail and the signals end")
    func errorsAndClose() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let connection = try await DBusConnection.session(environment: bus.environment)
        await #expect(throws: DBusError.self) {
            _ = try await connection.call(
                .methodCall(
                    destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                    interface: "org.freedesktop.Notifications", member: "GetCapabilities"))
        }
        do {
            _ = try await connection.call(
                .methodCall(destination: "org.example.Nobody", path: "/", interface: "org.example.Nobody", member: "Hi"))
            Issue.record("a call to nobody was answered")
        } catch {
            #expect(error == .remote(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: error.remoteMessage))
        }
        connection.close()
        await #expect(throws: DBusError.disconnected) { try await connection.addMatch("type='signal'") }
        // The stream ends: what it still held (the bus's NameAcquired) is read, then nothing.
        var held = 0
        for await _ in connection.signals { held += 1 }
        #expect(held <= 1)
    }

    @Test("no address, or nobody listening: a clear error, never a hang")
    func unreachable() async throws {
        await #expect(throws: DBusError.noSessionBus) { _ = try await DBusConnection.session(environment: [:]) }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        do {
            _ = try await DBusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path("none").path)"])
            Issue.record("connected to a socket that does not exist")
        } catch {
            #expect(error.description.contains("cannot connect to the session bus"))
        }
    }
}

extension DBusError {
    /// A remote error's message, for comparing its name alone.
    fileprivate var remoteMessage: String {
        if case .remote(_, let message) = self { return message }
        return ""
    }
}
