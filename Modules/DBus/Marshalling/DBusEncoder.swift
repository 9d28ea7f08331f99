/// Writes values in the D-Bus wire format, little-endian, each padded to its alignment.
///
/// Alignment is counted from the start of the message, so the encoder is told where its
/// first byte will sit (`offset`): a body always starts on an 8-byte boundary, so a body
/// encoded from zero aligns the same as in the message.
public struct DBusEncoder: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private let offset: Int

    /// An encoder whose first byte sits at `offset` in the message.
    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// Pads with zeros to the next multiple of `alignment`.
    public mutating func align(to alignment: Int) {
        while (offset + bytes.count) % alignment != 0 { bytes.append(0) }
    }

    /// Writes `values` one after the other: a message body.
    public mutating func write(_ values: [DBusValue]) throws(DBusError) {
        for value in values { try write(value) }
    }

    /// Writes one value, refusing one the wire cannot carry (a string with a NUL, an
    /// array element of another type than the array's).
    public mutating func write(_ value: DBusValue) throws(DBusError) {
        align(to: value.type.alignment)
        switch value {
        case .byte(let byte): bytes.append(byte)
        case .boolean(let flag): appendInteger(UInt32(flag ? 1 : 0))
        case .int16(let number): appendInteger(UInt16(bitPattern: number))
        case .uint16(let number): appendInteger(number)
        case .int32(let number): appendInteger(UInt32(bitPattern: number))
        case .uint32(let number): appendInteger(number)
        case .int64(let number): appendInteger(UInt64(bitPattern: number))
        case .uint64(let number): appendInteger(number)
        case .double(let number): appendInteger(number.bitPattern)
        case .string(let text), .objectPath(let text):
            let utf8 = try Self.checkedText(text)
            appendInteger(UInt32(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .signature(let text):
            let utf8 = try Self.checkedText(text)
            guard utf8.count <= 255 else { throw .malformed("a signature is longer than 255 bytes") }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .array(let element, let elements):
            // The length counts the elements' bytes, not the padding to the first one.
            let lengthAt = bytes.count
            appendInteger(UInt32(0))
            align(to: element.alignment)
            let start = bytes.count
            for item in elements {
                guard item.type == element else {
                    throw .malformed("an array of \(element.signature) holds a \(item.type.signature)")
                }
                try write(item)
            }
            let length = bytes.count - start
            guard length <= 1 << 26 else { throw .malformed("an array is longer than 64 MiB") }
            withUnsafeBytes(of: UInt32(length).littleEndian) { bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0) }
        case .structure(let fields):
            guard !fields.isEmpty else { throw .malformed("a struct must hold a field") }
            try write(fields)
        case .variant(let inner):
            try write(.signature(inner.type.signature))
            try write(inner)
        case .dictEntry(let key, let value):
            guard key.type.isBasic else { throw .malformed("a dict entry's key must be a basic type") }
            try write(key)
            try write(value)
        }
    }

    private mutating func appendInteger<Integer: FixedWidthInteger>(_ number: Integer) {
        withUnsafeBytes(of: number.littleEndian) { bytes += $0 }
    }

    private static func checkedText(_ text: String) throws(DBusError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { throw .malformed("text on the bus cannot hold a NUL") }
        return utf8
    }
}
