/// A D-Bus type, as a signature spells it: the basic types the freedesktop interfaces use
/// and the four containers (array, struct, variant, dict entry).
///
/// The wire carries no type tags (only a variant carries its own signature), so every
/// value is read by its type; ``parse(_:)`` reads a signature into types and refuses one
/// the specification does not allow, so a reader never guesses.
public indirect enum DBusType: Hashable, Sendable {
    /// `y`: an unsigned byte.
    case byte
    /// `b`: a boolean, sent as a 32-bit 0 or 1.
    case boolean
    /// `n`: a signed 16-bit integer.
    case int16
    /// `q`: an unsigned 16-bit integer.
    case uint16
    /// `i`: a signed 32-bit integer.
    case int32
    /// `u`: an unsigned 32-bit integer.
    case uint32
    /// `x`: a signed 64-bit integer.
    case int64
    /// `t`: an unsigned 64-bit integer.
    case uint64
    /// `d`: an IEEE 754 double.
    case double
    /// `s`: UTF-8 text.
    case string
    /// `o`: an object path.
    case objectPath
    /// `g`: a signature.
    case signature
    /// `aT`: an array of one element type.
    case array(DBusType)
    /// `(…)`: a struct of fields.
    case structure([DBusType])
    /// `v`: a value carrying its own signature.
    case variant
    /// `{KV}`: a dict entry, only ever an array's element.
    case dictEntry(key: DBusType, value: DBusType)

    /// The type's signature: `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let element): return "a" + element.signature
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .variant: return "v"
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        }
    }

    /// The boundary its values start on, counted from the start of the message.
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: return 1
        case .int16, .uint16: return 2
        case .boolean, .int32, .uint32, .string, .objectPath, .array: return 4
        case .int64, .uint64, .double, .structure, .dictEntry: return 8
        }
    }

    /// Whether it is a basic type, the only kind a dict entry's key may be.
    public var isBasic: Bool {
        switch self {
        case .array, .structure, .variant, .dictEntry: return false
        default: return true
        }
    }

    /// The types of a signature, in order (a message body's signature holds several);
    /// throws ``DBusError/malformed(_:)`` for one the specification refuses.
    public static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        var reader = SignatureReader(Array(signature.utf8))
        var types: [DBusType] = []
        while !reader.atEnd { types.append(try reader.next(depth: 0)) }
        return types
    }

    /// The one type of `signature`, which must hold exactly one.
    public static func single(_ signature: String) throws(DBusError) -> DBusType {
        let types = try parse(signature)
        guard types.count == 1 else { throw .malformed("'\(signature)' is not a single complete type") }
        return types[0]
    }
}

/// Reads types off a signature's bytes, one complete type at a time.
private struct SignatureReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    /// The specification nests containers at most 32 deep (arrays and structs each).
    static let maximumDepth = 64

    mutating func next(depth: Int) throws(DBusError) -> DBusType {
        guard depth <= Self.maximumDepth else { throw .malformed("a signature nests deeper than \(Self.maximumDepth)") }
        guard position < bytes.count else { throw .malformed("a signature ends in the middle of a type") }
        let code = bytes[position]
        position += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
                position += 1
                let key = try next(depth: depth + 1)
                guard key.isBasic else { throw .malformed("a dict entry's key must be a basic type") }
                let value = try next(depth: depth + 1)
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                    throw .malformed("a dict entry holds exactly a key and a value")
                }
                position += 1
                return .array(.dictEntry(key: key, value: value))
            }
            return .array(try next(depth: depth + 1))
        case UInt8(ascii: "("):
            var fields: [DBusType] = []
            while position < bytes.count, bytes[position] != UInt8(ascii: ")") { fields.append(try next(depth: depth + 1)) }
            guard position < bytes.count, !fields.isEmpty else { throw .malformed("a struct must hold a field and close") }
            position += 1
            return .structure(fields)
        default:
            throw .malformed("'\(String(decoding: [code], as: UTF8.self))' is not a type in a signature")
        }
    }
}
