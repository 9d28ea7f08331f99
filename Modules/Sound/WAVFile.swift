/// A WAV file of mono 16-bit PCM samples: what every Linux player (`pw-play`, `paplay`,
/// `aplay`) plays without a codec. ``bytes`` writes the canonical 44-byte header (a RIFF
/// chunk holding a `fmt ` chunk and a `data` chunk) before the samples, little-endian;
/// ``init(bytes:)`` reads such a file back, checking every field, so a test can listen to
/// the samples and a cache can tell a whole file from a damaged one.
public struct WAVFile: Equatable, Sendable {
    /// Samples per second.
    public let sampleRate: Int
    /// The samples, one channel, in order.
    public let samples: [Int16]

    /// A file of `samples` at `sampleRate`.
    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// The size of the header before the samples, in bytes.
    public static let headerSize = 44
    /// Bytes per sample.
    static let bytesPerSample = 2
    /// The `fmt ` chunk's format tag for integer PCM.
    static let pcmFormat: UInt16 = 1

    /// How long the file plays, in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The file's bytes: the header, then the samples, little-endian.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        append(to: &bytes)
        return bytes
    }

    /// The size of the file, in bytes.
    public var size: Int { Self.headerSize + samples.count * Self.bytesPerSample }

    /// Appends the file's bytes, as ``bytes`` gives them, to `buffer`: the sound cache
    /// writes recordings of 440 KB and more straight into the buffer it saves, where going
    /// through ``bytes`` would add a copy of the file to a session's peak memory (ADR 0048).
    public func append<Buffer: RangeReplaceableCollection<UInt8>>(to buffer: inout Buffer) {
        buffer.append(contentsOf: Self.header(sampleRate: sampleRate, sampleCount: samples.count))
        #if _endian(little)
            samples.withUnsafeBytes { buffer.append(contentsOf: $0) }
        #else
            for sample in samples {
                withUnsafeBytes(of: sample.littleEndian) { buffer.append(contentsOf: $0) }
            }
        #endif
    }

    /// The canonical 44-byte header of a file of `sampleCount` samples at `sampleRate`,
    /// as ``bytes`` writes it: what a reader that knows the file it wrote can compare
    /// with the start of a file, without reading its samples.
    public static func header(sampleRate: Int, sampleCount: Int) -> [UInt8] {
        let dataSize = sampleCount * bytesPerSample
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        bytes += Array("RIFF".utf8)
        bytes.appendLittleEndian(UInt32(headerSize - 8 + dataSize))
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        bytes.appendLittleEndian(UInt32(16))
        bytes.appendLittleEndian(pcmFormat)
        bytes.appendLittleEndian(UInt16(1))
        bytes.appendLittleEndian(UInt32(sampleRate))
        bytes.appendLittleEndian(UInt32(sampleRate * bytesPerSample))
        bytes.appendLittleEndian(UInt16(bytesPerSample))
        bytes.appendLittleEndian(UInt16(8 * bytesPerSample))
        bytes += Array("data".utf8)
        bytes.appendLittleEndian(UInt32(dataSize))
        return bytes
    }
}

extension [UInt8] {
    /// Appends `value`'s bytes, least significant first.
    mutating func appendLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
