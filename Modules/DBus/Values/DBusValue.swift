/// A value on the bus, with enough of its type to be written without a signature beside
/// it: an empty array still knows its element type.
public indirect enum DBusValue: Hashable, Sendable {
    /// `y`.
    case byte(UInt8)
    /// `b`.
    case boolean(Bool)
    /// `n`.
    case int16(Int16)
    /// `q`.
    case uint16(UInt16)
    /// `i`.
    case int32(Int32)
    /// `u`.
    case uint32(UInt32)
    /// `x`.
    case int64(Int64)
    /// `t`.
    case uint64(UInt64)
    /// `d`.
    case double(Double)
    /// `s`.
    case string(String)
    /// `o`.
    case objectPath(String)
    /// `g`.
    case signature(String)
    /// `aT`: the element type, and the elements (each of that type).
    case array(DBusType, [DBusValue])
    /// `(…)`.
    case structure([DBusValue])
    /// `v`: a value that carries its own type.
    case variant(DBusValue)
    /// `{KV}`, an element of an array.
    case dictEntry(DBusValue, DBusValue)

    /// The value's type.
    public var type: DBusType {
        switch self {
        case .byte: return .byte
        case .boolean: return .boolean
        case .int16: return .int16
        case .uint16: return .uint16
        case .int32: return .int32
        case .uint32: return .uint32
        case .int64: return .int64
        case .uint64: return .uint64
        case .double: return .double
        case .string: return .string
        case .objectPath: return .objectPath
        case .signature: return .signature
        case .array(let element, _): return .array(element)
        case .structure(let fields): return .structure(fields.map(\.type))
        case .variant: return .variant
        case .dictEntry(let key, let value): return .dictEntry(key: key.type, value: value.type)
        }
    }

    /// An `a{sv}` dictionary, the shape of hints and properties, its entries in `pairs`' order.
    public static func dictionary(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .array(.dictEntry(key: .string, value: .variant), pairs.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An `as` array of strings.
    public static func strings(_ strings: [String]) -> DBusValue {
        .array(.string, strings.map(DBusValue.string))
    }

    /// The text of a string, object path or signature; `nil` for anything else.
    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): return text
        default: return nil
        }
    }

    /// The number of an unsigned 32-bit value; `nil` for anything else.
    public var uint32: UInt32? {
        if case .uint32(let number) = self { return number }
        return nil
    }

    /// The elements of an array; `nil` for anything else.
    public var elements: [DBusValue]? {
        if case .array(_, let elements) = self { return elements }
        return nil
    }
}
