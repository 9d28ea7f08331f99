extension WAVFile {
    /// Reads a WAV file of mono 16-bit PCM: the RIFF and WAVE tags, a `fmt ` chunk whose
    /// fields agree with each other, and a `data` chunk of whole samples, every chunk
    /// within the bytes. Chunks of other kinds (`LIST`, `fact`) are skipped.
    public init(bytes: [UInt8]) throws(WAVReadError) {
        var reader = ByteReader(bytes)
        guard try reader.tag() == "RIFF" else { throw .notRIFF }
        let declared = Int(try reader.uint32()) + 8
        guard declared <= bytes.count else { throw .truncated(declared: declared, found: bytes.count) }
        guard try reader.tag() == "WAVE" else { throw .notWAVE }
        var rate: Int?
        while reader.offset + 8 <= declared {
            let tag = try reader.tag()
            let size = Int(try reader.uint32())
            let body = reader.offset
            guard body + size <= declared else { throw .truncated(declared: body + size, found: declared) }
            switch tag {
            case "fmt ":
                guard size >= 16 else { throw .unsupported("a fmt chunk of \(size) bytes") }
                let tagValue = try reader.uint16(), channels = try reader.uint16()
                let sampleRate = Int(try reader.uint32()), byteRate = Int(try reader.uint32())
                let blockAlign = Int(try reader.uint16()), bits = try reader.uint16()
                guard tagValue == Self.pcmFormat else { throw .unsupported("format tag \(tagValue), not PCM (1)") }
                guard channels == 1 else { throw .unsupported("\(channels) channels, not mono") }
                guard bits == 16 else { throw .unsupported("\(bits)-bit samples, not 16-bit") }
                guard sampleRate > 0, blockAlign == Self.bytesPerSample, byteRate == sampleRate * Self.bytesPerSample else {
                    throw .unsupported("a rate of \(sampleRate) Hz with \(byteRate) bytes a second in blocks of \(blockAlign)")
                }
                rate = sampleRate
            case "data":
                guard let rate else { throw .missingChunk("fmt ") }
                guard size % Self.bytesPerSample == 0 else { throw .unsupported("a data chunk of \(size) bytes, half a sample") }
                let data = try reader.take(size)
                let start = data.startIndex
                let samples = (0..<size / Self.bytesPerSample).map { index in
                    Int16(bitPattern: UInt16(data[start + 2 * index]) | UInt16(data[start + 2 * index + 1]) << 8)
                }
                self.init(sampleRate: rate, samples: samples)
                return
            default:
                break
            }
            // Chunks are padded to an even length.
            reader.offset = body + size + size % 2
        }
        throw .missingChunk(rate == nil ? "fmt " : "data")
    }
}

/// Why bytes are not a WAV file this module reads, in words that say what is wrong.
public enum WAVReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes do not start with `RIFF`.
    case notRIFF
    /// A RIFF file, but not of the `WAVE` form.
    case notWAVE
    /// A chunk or the RIFF header claims `declared` bytes where `found` are there: the
    /// file was cut short.
    case truncated(declared: Int, found: Int)
    /// A chunk the file needs is absent.
    case missingChunk(String)
    /// A WAV file of a kind this module does not read.
    case unsupported(String)

    public var description: String {
        switch self {
        case .notRIFF: return "not a WAV file: it does not start with RIFF"
        case .notWAVE: return "not a WAV file: a RIFF file of another form"
        case .truncated(let declared, let found):
            return "a truncated WAV file: it declares \(declared) bytes but has \(found)"
        case .missingChunk(let tag): return "a WAV file without its \"\(tag)\" chunk"
        case .unsupported(let what): return "a WAV file of \(what); only mono 16-bit PCM is read"
        }
    }
}

/// Reads little-endian fields from bytes, throwing ``WAVReadError/truncated(declared:found:)``
/// past their end.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next `count` bytes.
    mutating func take(_ count: Int) throws(WAVReadError) -> ArraySlice<UInt8> {
        guard offset + count <= bytes.count else { throw .truncated(declared: offset + count, found: bytes.count) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A four-character chunk tag.
    mutating func tag() throws(WAVReadError) -> String { String(decoding: try take(4), as: UTF8.self) }

    mutating func uint16() throws(WAVReadError) -> UInt16 {
        try take(2).reversed().reduce(0) { $0 << 8 | UInt16($1) }
    }

    mutating func uint32() throws(WAVReadError) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
