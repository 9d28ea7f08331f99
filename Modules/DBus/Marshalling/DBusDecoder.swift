/// Reads values of known types from D-Bus wire bytes, in either byte order, checking
/// every length and bound against the bytes it has: a peer's lengths are never trusted.
public struct DBusDecoder: Sendable {
    private let bytes: [UInt8]
    private let offset: Int
    private let bigEndian: Bool
    /// Where the next read starts, in `bytes`.
    public private(set) var position: Int

    /// A decoder of `bytes`, whose first byte sits at `offset` in the message (alignment
    /// counts from there), in little-endian unless `bigEndian`.
    public init(_ bytes: [UInt8], offset: Int = 0, bigEndian: Bool = false, position: Int = 0) {
        self.bytes = bytes
        self.offset = offset
        self.bigEndian = bigEndian
        self.position = position
    }

    /// Whether every byte has been read.
    public var atEnd: Bool { position >= bytes.count }

    /// The values of a body of these types, in order; throws when the bytes do not hold them.
    public mutating func read(_ types: [DBusType]) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        for type in types { values.append(try read(type)) }
        return values
    }

    /// One value of `type`.
    public mutating func read(_ type: DBusType, depth: Int = 0) throws(DBusError) -> DBusValue {
        guard depth <= 64 else { throw .malformed("values nest deeper than 64") }
        try skipPadding(to: type.alignment)
        switch type {
        case .byte: return .byte(try takeByte())
        case .boolean:
            let raw: UInt32 = try integer()
            guard raw <= 1 else { throw .malformed("a boolean is \(raw), not 0 or 1") }
            return .boolean(raw == 1)
        case .int16: return .int16(Int16(bitPattern: try integer()))
        case .uint16: return .uint16(try integer())
        case .int32: return .int32(Int32(bitPattern: try integer()))
        case .uint32: return .uint32(try integer())
        case .int64: return .int64(Int64(bitPattern: try integer()))
        case .uint64: return .uint64(try integer())
        case .double: return .double(Double(bitPattern: try integer()))
        case .string: return .string(try text(length: Int(try integer() as UInt32)))
        case .objectPath: return .objectPath(try text(length: Int(try integer() as UInt32)))
        case .signature: return .signature(try text(length: Int(try takeByte())))
        case .array(let element):
            let length = Int(try integer() as UInt32)
            guard length <= 1 << 26 else { throw .malformed("an array claims \(length) bytes, over 64 MiB") }
            try skipPadding(to: element.alignment)
            let end = position + length
            guard end <= bytes.count else { throw .malformed("an array runs past the end of the message") }
            var elements: [DBusValue] = []
            while position < end { elements.append(try read(element, depth: depth + 1)) }
            guard position == end else { throw .malformed("an array's elements overrun its length") }
            return .array(element, elements)
        case .structure(let fields):
            var values: [DBusValue] = []
            for field in fields { values.append(try read(field, depth: depth + 1)) }
            return .structure(values)
        case .variant:
            guard case .signature(let signature) = try read(.signature) else { throw .malformed("a variant without a signature") }
            return .variant(try read(try DBusType.single(signature), depth: depth + 1))
        case .dictEntry(let key, let value):
            return .dictEntry(try read(key, depth: depth + 1), try read(value, depth: depth + 1))
        }
    }

    /// Skips the zero bytes before a value aligned to `alignment`.
    public mutating func skipPadding(to alignment: Int) throws(DBusError) {
        while (offset + position) % alignment != 0 {
            guard try takeByte() == 0 else { throw .malformed("padding that is not zero") }
        }
    }

    private mutating func take(_ count: Int) throws(DBusError) -> ArraySlice<UInt8> {
        guard count >= 0, position + count <= bytes.count else { throw .malformed("a value runs past the end of the message") }
        defer { position += count }
        return bytes[position..<position + count]
    }

    private mutating func takeByte() throws(DBusError) -> UInt8 {
        guard position < bytes.count else { throw .malformed("a value runs past the end of the message") }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func integer<Integer: FixedWidthInteger>() throws(DBusError) -> Integer {
        let raw = try take(MemoryLayout<Integer>.size)
        var value: Integer = 0
        for byte in bigEndian ? Array(raw) : raw.reversed() { value = value << 8 | Integer(byte) }
        return value
    }

    private mutating func text(length: Int) throws(DBusError) -> String {
        let utf8 = try take(length)
        guard try takeByte() == 0 else { throw .malformed("text not ended by a NUL") }
        guard !utf8.contains(0), let text = String(validating: utf8, as: UTF8.self) else {
            throw .malformed("text that is not valid UTF-8")
        }
        return text
    }
}
