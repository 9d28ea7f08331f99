import DBus
import Testing

/// `DBUS_SESSION_BUS_ADDRESS` as the specification's "Server Addresses" writes it.
@Suite("D-Bus addresses")
struct BusAddressTests {
    @Test("a path, an abstract name, several in order; guid and unknown transports ignored; escapes undone")
    func parse() throws {
        #expect(try BusAddress.parse("unix:path=/run/user/1000/bus") == [.path("/run/user/1000/bus")])
        #expect(try BusAddress.parse("unix:abstract=/tmp/dbus-AbCd,guid=0123456789abcdef") == [.abstract("/tmp/dbus-AbCd")])
        #expect(
            try BusAddress.parse("tcp:host=localhost,port=1;unix:path=/a%20b;unix:abstract=x")
                == [.path("/a b"), .abstract("x")])
    }

    @Test("no variable is no session bus; an address with nothing usable says why")
    func refusals() {
        #expect(throws: DBusError.noSessionBus) { try BusAddress.session(in: [:]) }
        #expect(throws: DBusError.self) { try BusAddress.parse("tcp:host=localhost,port=1") }
        #expect(throws: DBusError.self) { try BusAddress.parse("unix:path") }
        #expect(throws: DBusError.self) { try BusAddress.parse("unix:path=%zz") }
    }
}
