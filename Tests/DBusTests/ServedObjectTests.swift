import DBus
import Foundation
import Synchronization
import TestSupport
import Testing

/// Objects served on a real `dbus-daemon` of the test's own, called by another connection
/// of this module and by Debian's `dbus-send`, a client that shares no code with it:
/// methods, properties read, written and refused, introspection, `Ping`, names, and
/// `PropertiesChanged`.
@Suite("D-Bus objects served on a real bus", .blocking, .timeLimit(.minutes(2)))
struct ServedObjectTests {
    static let path = "/app/littlemoments/Test"
    static let interfaceName = "app.littlemoments.Test"

    /// What the served counter holds.
    final class Held: Sendable {
        let count: Mutex<UInt32>
        let label: Mutex<String>
        init(_ count: UInt32, _ label: String) {
            self.count = Mutex(count)
            self.label = Mutex(label)
        }
    }

    /// A counter: `Add(u) -> u`, a read-only `Count`, a writable `Label`.
    static func counter(_ held: Held) -> DBusInterface {
        DBusInterface(
            interfaceName,
            methods: [
                "Add": DBusMethod(arguments: [DBusArgument("by", .uint32)], results: [DBusArgument("count", .uint32)]) { body throws(DBusError) in
                    guard let by = body.first?.uint32 else { throw .remote(name: DBusStandardError.invalidArgs, message: "no number") }
                    return [.uint32(held.count.withLock { $0 += by; return $0 })]
                },
                "Refuse": DBusMethod { _ throws(DBusError) in throw .remote(name: "app.littlemoments.Error.Refused", message: "not today") },
            ],
            properties: [
                "Count": DBusProperty(.uint32) { .uint32(held.count.withLock { $0 }) },
                "Label": DBusProperty(.string, get: { .string(held.label.withLock { $0 }) }, set: { value throws(DBusError) in
                    held.label.withLock { $0 = value.text ?? "" }
                }),
            ],
            signals: ["Counted": [DBusArgument("count", .uint32)]])
    }

    static func call(_ member: String, _ interface: String = interfaceName, to name: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: name, path: path, interface: interface, member: member, body: body)
    }

    @Test("methods answer, errors come back by name, properties are read, written and refused")
    func methodsAndProperties() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let server = try await DBusConnection.session(environment: bus.environment)
        let client = try await DBusConnection.session(environment: bus.environment)
        defer {
            server.close()
            client.close()
        }
        let held = Held(0, "first")
        server.export([Self.counter(held)], at: Self.path)
        let name = server.uniqueName

        #expect(try await client.call(Self.call("Add", to: name, [.uint32(3)])).body == [.uint32(3)])
        #expect(try await client.call(Self.call("Add", to: name, [.uint32(4)])).body == [.uint32(7)])
        await #expect(throws: DBusError.remote(name: "app.littlemoments.Error.Refused", message: "not today")) {
            _ = try await client.call(Self.call("Refuse", to: name))
        }
        await #expect(throws: DBusError.remote(name: DBusStandardError.invalidArgs, message: "app.littlemoments.Test.Add takes (u), not (s)")) {
            _ = try await client.call(Self.call("Add", to: name, [.string("three")]))
        }
        await #expect(throws: DBusError.remote(name: DBusStandardError.unknownMethod, message: "app.littlemoments.Test has no method Subtract")) {
            _ = try await client.call(Self.call("Subtract", to: name))
        }

        let properties = "org.freedesktop.DBus.Properties"
        let got = try await client.call(Self.call("Get", properties, to: name, [.string(Self.interfaceName), .string("Count")]))
        #expect(got.body == [.variant(.uint32(7))])
        let all = try await client.call(Self.call("GetAll", properties, to: name, [.string(Self.interfaceName)]))
        #expect(all.body == [.dictionary([("Count", .uint32(7)), ("Label", .string("first"))])])
        _ = try await client.call(Self.call("Set", properties, to: name, [.string(Self.interfaceName), .string("Label"), .variant(.string("second"))]))
        #expect(held.label.withLock { $0 } == "second")
        await #expect(throws: DBusError.remote(name: DBusStandardError.propertyReadOnly, message: "app.littlemoments.Test.Count is read-only")) {
            _ = try await client.call(Self.call("Set", properties, to: name, [.string(Self.interfaceName), .string("Count"), .variant(.uint32(0))]))
        }
        #expect(held.count.withLock { $0 } == 7)
        await #expect(throws: DBusError.self) {
            _ = try await client.call(Self.call("Get", properties, to: name, [.string(Self.interfaceName), .string("Nothing")]))
        }

        // Nothing exported at another path; Ping answers everywhere.
        await #expect(throws: DBusError.remote(name: DBusStandardError.unknownObject, message: "nothing is exported at /elsewhere")) {
            _ = try await client.call(.methodCall(destination: name, path: "/elsewhere", interface: Self.interfaceName, member: "Add", body: [.uint32(1)]))
        }
        _ = try await client.call(.methodCall(destination: name, path: "/elsewhere", interface: "org.freedesktop.DBus.Peer", member: "Ping"))

        server.unexport(Self.path)
        await #expect(throws: DBusError.self) { _ = try await client.call(Self.call("Add", to: name, [.uint32(1)])) }
        #expect(held.count.withLock { $0 } == 7)
    }

    @Test("a well-known name, taken once: dbus-send calls the object by it, introspects it, and reads its properties")
    func byNameWithDbusSend() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let server = try await DBusConnection.session(environment: bus.environment)
        let other = try await DBusConnection.session(environment: bus.environment)
        defer {
            server.close()
            other.close()
        }
        let held = Held(40, "a label")
        server.export([Self.counter(held)], at: Self.path)
        #expect(try await server.requestName("app.littlemoments.Test"))
        #expect(try await server.requestName("app.littlemoments.Test"))  // Already its owner.
        #expect(try await !other.requestName("app.littlemoments.Test"))  // Taken, and never queued for.

        let send = { (arguments: [String]) throws -> String in
            try ProcessRunner.run(
                "dbus-send", ["--session", "--print-reply", "--dest=app.littlemoments.Test"] + arguments, environment: bus.environment)
        }
        let added = try send([Self.path, "\(Self.interfaceName).Add", "uint32:2"])
        #expect(added.contains("uint32 42"))
        let read = try send([Self.path, "org.freedesktop.DBus.Properties.Get", "string:\(Self.interfaceName)", "string:Label"])
        #expect(read.contains(#"variant       string "a label""#))
        let xml = try send([Self.path, "org.freedesktop.DBus.Introspectable.Introspect"])
        #expect(xml.contains(#"<interface name="app.littlemoments.Test">"#))
        #expect(xml.contains(#"<method name="Add">"#))
        #expect(xml.contains(#"<property name="Label" type="s" access="readwrite"/>"#))
        #expect(xml.contains(#"<signal name="Counted">"#))
        let root = try send(["/app/littlemoments", "org.freedesktop.DBus.Introspectable.Introspect"])
        #expect(root.contains(#"<node name="Test"/>"#))
        #expect(throws: ProcessRunner.Failure.self) { try send([Self.path, "\(Self.interfaceName).Refuse"]) }

        await server.releaseName("app.littlemoments.Test")
        #expect(try await other.requestName("app.littlemoments.Test"))
    }

    @Test("PropertiesChanged reaches a peer that matches it, with the interface and the values changed")
    func propertiesChanged() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let server = try await DBusConnection.session(environment: bus.environment)
        let listener = try await DBusConnection.session(environment: bus.environment)
        defer {
            server.close()
            listener.close()
        }
        try await listener.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        try server.emitPropertiesChanged(path: Self.path, interface: Self.interfaceName, changed: [("Count", .uint32(9))], invalidated: ["Label"])
        var signals = listener.signals.filter { $0.member == "PropertiesChanged" }.makeAsyncIterator()
        let signal = try #require(await signals.next())
        #expect(signal.path == Self.path)
        #expect(signal.sender == server.uniqueName)
        #expect(signal.body == [.string(Self.interfaceName), .dictionary([("Count", .uint32(9))]), .strings(["Label"])])
    }
}
