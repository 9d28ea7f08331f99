import DBus
import Testing

/// The wire layouts of the D-Bus specification's "Marshaling (Wire Format)" section,
/// little-endian: each basic type's bytes, the padding that aligns a value to its size
/// counted from the message's start, an array's length that leaves out the padding
/// before its first element (present even when it is empty), a variant's inline
/// signature, and a whole `Hello` call as the reference implementations send it.
@Suite("D-Bus marshalling: the specification's byte layouts")
struct MarshallingLayoutTests {
    func bytes(_ values: [DBusValue], offset: Int = 0) throws -> [UInt8] {
        var encoder = DBusEncoder(offset: offset)
        try encoder.write(values)
        return encoder.bytes
    }

    @Test("basic types: integers little-endian, a boolean as a 32-bit 0 or 1, a double's bits")
    func basics() throws {
        #expect(try bytes([.byte(0x2A)]) == [0x2A])
        #expect(try bytes([.uint32(0x1234_5678)]) == [0x78, 0x56, 0x34, 0x12])
        #expect(try bytes([.int32(-2)]) == [0xFE, 0xFF, 0xFF, 0xFF])
        #expect(try bytes([.int16(-2)]) == [0xFE, 0xFF])
        #expect(try bytes([.boolean(true)]) == [1, 0, 0, 0])
        #expect(try bytes([.boolean(false)]) == [0, 0, 0, 0])
        #expect(try bytes([.uint64(1)]) == [1, 0, 0, 0, 0, 0, 0, 0])
        #expect(try bytes([.double(1)]) == [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    }

    @Test("strings and object paths: a 32-bit length, the UTF-8 bytes, a NUL; a signature's length is one byte")
    func texts() throws {
        #expect(try bytes([.string("foo")]) == [3, 0, 0, 0, 0x66, 0x6F, 0x6F, 0])
        #expect(try bytes([.string("")]) == [0, 0, 0, 0, 0])
        #expect(try bytes([.objectPath("/")]) == [1, 0, 0, 0, 0x2F, 0])
        #expect(try bytes([.signature("as")]) == [2, 0x61, 0x73, 0])
        #expect(try bytes([.string("é")]) == [2, 0, 0, 0, 0xC3, 0xA9, 0])
    }

    @Test("every value is padded with zeros to its alignment, counted from the message's start")
    func alignment() throws {
        #expect(try bytes([.byte(1), .uint32(2)]) == [1, 0, 0, 0, 2, 0, 0, 0])
        #expect(try bytes([.byte(1), .uint16(2)]) == [1, 0, 2, 0])
        #expect(try bytes([.byte(1), .int64(2)]) == [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
        // Written at offset 3 of a message, a 32-bit value takes one byte of padding.
        #expect(try bytes([.uint32(9)], offset: 3) == [0, 9, 0, 0, 0])
        // A struct starts on 8, whatever its first field.
        #expect(try bytes([.byte(7), .structure([.byte(0x2A), .uint32(1)])]) == [7, 0, 0, 0, 0, 0, 0, 0, 0x2A, 0, 0, 0, 1, 0, 0, 0])
    }

    @Test("an array: its length in bytes leaves out the padding to the first element, which is there even when empty")
    func arrays() throws {
        // The specification's example: an array of one INT64 holding 5.
        #expect(try bytes([.array(.int64, [.int64(5)])]) == [8, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0])
        #expect(try bytes([.array(.int64, [])]) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(try bytes([.strings(["a", "bc"])]) == [15, 0, 0, 0, 1, 0, 0, 0, 0x61, 0, 0, 0, 2, 0, 0, 0, 0x62, 0x63, 0])
        #expect(throws: DBusError.self) { try bytes([.array(.int32, [.uint32(1)])]) }
    }

    @Test("a variant carries its signature inline; an a{sv} entry is a struct-aligned key and variant")
    func variantsAndDictionaries() throws {
        #expect(try bytes([.variant(.uint32(7))]) == [1, 0x75, 0, 0, 7, 0, 0, 0])
        #expect(
            try bytes([.dictionary([("a", .byte(1))])])
                == [10, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0x61, 0, 1, 0x79, 0, 1])
        #expect(DBusValue.dictionary([]).type.signature == "a{sv}")
    }

    /// `Hello` as libdbus sends it (fields path, interface, member, destination),
    /// from the specification's header layout: `l`, method call, no flags, version 1, an
    /// empty body, serial 1, then 109 bytes of `a(yv)` fields and padding to 128.
    static let referenceHello: [UInt8] = {
        func text(_ code: UInt8, _ type: Character, _ value: String) -> [UInt8] {
            [code, 1, UInt8(ascii: type.unicodeScalars.first!), 0, UInt8(value.utf8.count), 0, 0, 0] + Array(value.utf8) + [0]
        }
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (8 - bytes.count % 8) % 8) }
        let fields = padded(text(1, "o", "/org/freedesktop/DBus")) + padded(text(2, "s", "org.freedesktop.DBus"))
            + padded(text(3, "s", "Hello")) + text(6, "s", "org.freedesktop.DBus")
        return padded([0x6C, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, UInt8(fields.count), 0, 0, 0] + fields)
    }()

    @Test("a Hello call: the reference bytes decode to it, and it encodes to exactly those bytes")
    func hello() throws {
        #expect(Self.referenceHello.count == 128)
        #expect(Self.referenceHello[12] == 109)
        let decoded = try DBusMessage.decode(Self.referenceHello)
        #expect(decoded.kind == .methodCall)
        #expect(decoded.serial == 1)
        #expect(decoded.path == "/org/freedesktop/DBus")
        #expect(decoded.destination == "org.freedesktop.DBus")
        #expect(decoded.interface == "org.freedesktop.DBus")
        #expect(decoded.member == "Hello")
        #expect(decoded.body.isEmpty)
        let ours = try decoded.encoded(serial: 1)
        #expect(ours == Self.referenceHello)
        #expect(try DBusMessage.length(ofPrefix: ours.prefix(16)) == 128)
        #expect(try DBusMessage.decode(ours) == decoded)
    }

    @Test("a body's signature is a header field, and the body starts on 8 after the header")
    func bodyAfterHeader() throws {
        var notify = DBusMessage.methodCall(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "Notify",
            body: [.string("moments"), .uint32(0), .string(""), .string("Morning sit"), .string("Running"),
                   .strings(["pause", "Pause"]), .dictionary([("value", .int32(41)), ("urgency", .byte(0))]), .int32(-1)])
        #expect(notify.signature == "susssasa{sv}i")
        let bytes = try notify.encoded(serial: 7)
        notify.serial = 7
        #expect(try DBusMessage.decode(bytes) == notify)
        #expect(try DBusMessage.length(ofPrefix: bytes) == bytes.count)
    }

    @Test("malformed bytes are refused with a reason, never trusted")
    func refusals() throws {
        #expect(throws: DBusError.self) { try DBusMessage.decode(Array(Self.referenceHello.dropLast())) }
        var wrongOrder = Self.referenceHello
        wrongOrder[0] = 0x58
        #expect(throws: DBusError.self) { try DBusMessage.decode(wrongOrder) }
        var decoder = DBusDecoder([0xFF, 0xFF, 0xFF, 0x0F])
        #expect(throws: DBusError.self) { try decoder.read(.string) }
        var boolean = DBusDecoder([2, 0, 0, 0])
        #expect(throws: DBusError.self) { try boolean.read(.boolean) }
        #expect(throws: DBusError.self) { try DBusType.parse("a{vs}") }
        #expect(throws: DBusError.self) { try DBusType.parse("(") }
        #expect(try DBusType.parse("susssasa{sv}i").count == 8)
    }
}
