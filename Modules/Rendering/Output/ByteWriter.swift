/// A growing UTF-8 buffer that the encoders write into: appending bytes is several times
/// faster than appending `Character`s to a `String`, and a 200×50 frame is 10,000 cells.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A decimal number, without allocating a string.
    mutating func append(number: Int) {
        if number < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(number: -number)
            return
        }
        if number >= 10 { append(number: number / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// One scalar as UTF-8.
    mutating func append(scalar value: UInt32) {
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(value))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// What a cell shows, as UTF-8; nothing for a continuation cell.
    @inline(__always)
    mutating func append(cell: Cell, of frame: Frame) {
        if cell.code < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: cell.code))
            return
        }
        if cell.isContinuation { return }
        if cell.code < Cell.clusterBase {
            append(scalar: cell.code)
        } else {
            append(frame.clusters[Int(cell.code - Cell.clusterBase)])
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
