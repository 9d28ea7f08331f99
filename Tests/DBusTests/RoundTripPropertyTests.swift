import DBus
import PropertyBased
import Testing

/// For generated values of every type the Notifications interface uses (and the other
/// basic ones), nested in arrays, structs, variants and `a{sv}` dictionaries:
/// unmarshal(marshal(x)) == x, at every starting offset, and whole messages round-trip.
@Suite("D-Bus marshalling round trips")
struct RoundTripPropertyTests {
    @Test("a value written at any offset reads back as itself")
    func values() async {
        await propertyCheck(count: 500, input: Gen.uint64(), Gen.int(in: 0...7)) { seed, offset in
            var random = ValueMaker(seed: seed)
            let value = random.value(depth: 0)
            var encoder = DBusEncoder(offset: offset)
            try encoder.write(value)
            var decoder = DBusDecoder(encoder.bytes, offset: offset)
            #expect(try decoder.read(value.type) == value, "\(value.type.signature)")
            #expect(decoder.atEnd)
            #expect(try DBusType.single(value.type.signature) == value.type)
        }
    }

    @Test("a signal with a generated body decodes to itself")
    func messages() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.uint32(in: 1...UInt32.max)) { seed, serial in
            var random = ValueMaker(seed: seed)
            var message = DBusMessage.signal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications", member: "ActionInvoked",
                body: (0..<random.int(4)).map { _ in random.value(depth: 0) })
            message.sender = ":1.\(serial % 1_000)"
            let bytes = try message.encoded(serial: serial)
            message.serial = serial
            #expect(try DBusMessage.length(ofPrefix: bytes.prefix(16)) == bytes.count)
            #expect(try DBusMessage.decode(bytes) == message)
        }
    }
}

/// Values drawn from a seed, so the generator shrinks to a seed and a failure replays.
struct ValueMaker {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    /// xorshift64*: enough spread for shapes and numbers.
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }

    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    static let characters: [Character] = ["a", "Z", "0", " ", "/", "é", "ß", "日", "本", "🧘", "👩‍👩‍👧", "\u{202E}", "\n"]

    mutating func text() -> String {
        String((0..<int(12)).map { _ in Self.characters[int(Self.characters.count)] })
    }

    mutating func basic() -> DBusValue {
        switch int(12) {
        case 0: return .byte(UInt8(truncatingIfNeeded: next()))
        case 1: return .boolean(next() % 2 == 0)
        case 2: return .int16(Int16(truncatingIfNeeded: next()))
        case 3: return .uint16(UInt16(truncatingIfNeeded: next()))
        case 4: return .int32(Int32(truncatingIfNeeded: next()))
        case 5: return .uint32(UInt32(truncatingIfNeeded: next()))
        case 6: return .int64(Int64(bitPattern: next()))
        case 7: return .uint64(next())
        case 8: return .double(Double(Int64(bitPattern: next())) / 1_000)
        case 9: return .objectPath("/org/freedesktop/" + String(int(100)))
        case 10: return .signature("a{sv}")
        default: return .string(text())
        }
    }

    /// A value nested at most three deep: a basic one, an array (of a type drawn first, so
    /// its elements agree), a struct, a variant or an `a{sv}` dictionary.
    mutating func value(depth: Int) -> DBusValue {
        guard depth < 3 else { return basic() }
        switch int(6) {
        case 0:
            let sample = value(depth: depth + 1)
            let count = int(4)
            var elements: [DBusValue] = count > 0 ? [sample] : []
            while elements.count < count {
                let candidate = value(depth: depth + 1)
                elements.append(candidate.type == sample.type ? candidate : sample)
            }
            return .array(sample.type, elements)
        case 1: return .structure((0...int(3)).map { _ in value(depth: depth + 1) })
        case 2: return .variant(value(depth: depth + 1))
        case 3: return .dictionary((0..<int(4)).map { _ in (text(), value(depth: depth + 1)) })
        default: return basic()
        }
    }
}
