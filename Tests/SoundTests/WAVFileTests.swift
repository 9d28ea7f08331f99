import Sound
import TestSupport
import Testing

/// The WAV file, byte by byte: the canonical header every player reads, the samples
/// little-endian after it, and the reader that gives them back or says what is wrong.
@Suite("Sound: the WAV file", .blocking)
struct WAVFileTests {
    static func uint16(_ bytes: [UInt8], at offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
    static func uint32(_ bytes: [UInt8], at offset: Int) -> Int { uint16(bytes, at: offset) | uint16(bytes, at: offset + 2) << 16 }
    static func tag(_ bytes: [UInt8], at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }

    @Test("the header is RIFF, WAVE, a 16-byte fmt chunk of mono 16-bit PCM at 22,050 Hz, then the data chunk")
    func header() throws {
        let recording = try BowlRecording(strikes: 2, volume: 80)
        let bytes = recording.wav.bytes
        #expect(bytes.count == WAVFile.headerSize + 2 * recording.samples.count)
        #expect(Self.tag(bytes, at: 0) == "RIFF")
        #expect(Self.uint32(bytes, at: 4) == bytes.count - 8)
        #expect(Self.tag(bytes, at: 8) == "WAVE")
        #expect(Self.tag(bytes, at: 12) == "fmt ")
        #expect(Self.uint32(bytes, at: 16) == 16)
        #expect(Self.uint16(bytes, at: 20) == 1, "PCM")
        #expect(Self.uint16(bytes, at: 22) == 1, "mono")
        #expect(Self.uint32(bytes, at: 24) == 22_050)
        #expect(Self.uint32(bytes, at: 28) == 44_100, "bytes a second")
        #expect(Self.uint16(bytes, at: 32) == 2, "bytes a frame")
        #expect(Self.uint16(bytes, at: 34) == 16, "bits a sample")
        #expect(Self.tag(bytes, at: 36) == "data")
        #expect(Self.uint32(bytes, at: 40) == 2 * recording.samples.count)
    }

    @Test("samples are written little-endian, negative ones as two's complement")
    func sampleBytes() {
        let bytes = WAVFile(sampleRate: 8_000, samples: [1, -2, Int16.max, Int16.min]).bytes
        #expect(Array(bytes[44...]) == [0x01, 0x00, 0xFE, 0xFF, 0xFF, 0x7F, 0x00, 0x80])
    }

    @Test("a file appends its bytes after what a buffer holds, as many as its size says")
    func appendsToABuffer() {
        let file = WAVFile(sampleRate: 8_000, samples: [1, -2, Int16.max, Int16.min])
        var buffer: [UInt8] = [0xAA]
        file.append(to: &buffer)
        #expect(buffer == [0xAA] + file.bytes)
        #expect(file.size == 44 + 8)
        #expect(file.bytes.count == file.size)
    }

    @Test("a file reads back as itself")
    func roundTrip() throws {
        let file = try BowlRecording(strikes: 3, volume: 35).wav
        #expect(try WAVFile(bytes: file.bytes) == file)
        let empty = WAVFile(sampleRate: 44_100, samples: [])
        #expect(try WAVFile(bytes: empty.bytes) == empty)
    }

    @Test("chunks the reader does not know are skipped, an odd-sized one with its pad byte")
    func otherChunks() throws {
        let file = WAVFile(sampleRate: 22_050, samples: [5, -5, 7])
        var bytes = file.bytes
        let list: [UInt8] = Array("LIST".utf8) + [3, 0, 0, 0] + [1, 2, 3, 0]
        bytes.insert(contentsOf: list, at: 36)
        let size = bytes.count - 8
        bytes.replaceSubrange(4..<8, with: [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0])
        #expect(try WAVFile(bytes: bytes) == file)
    }

    @Test("a file cut short, not a WAV file, or of another format is refused with what is wrong")
    func refusals() throws {
        let bytes = try BowlRecording(strikes: 1, volume: 80).wav.bytes
        #expect(throws: WAVReadError.truncated(declared: bytes.count, found: bytes.count / 2)) {
            try WAVFile(bytes: Array(bytes[..<(bytes.count / 2)]))
        }
        #expect(throws: WAVReadError.self) { try WAVFile(bytes: Array(bytes[..<20])) }
        #expect(throws: WAVReadError.notRIFF) { try WAVFile(bytes: Array("not a sound at all, just some text".utf8)) }
        #expect(throws: WAVReadError.self) { try WAVFile(bytes: []) }
        var form = bytes
        form.replaceSubrange(8..<12, with: Array("AVI ".utf8))
        #expect(throws: WAVReadError.notWAVE) { try WAVFile(bytes: form) }
        var stereo = bytes
        stereo[22] = 2
        #expect(throws: WAVReadError.unsupported("2 channels, not mono")) { try WAVFile(bytes: stereo) }
        var float = bytes
        float[20] = 3
        #expect(throws: WAVReadError.unsupported("format tag 3, not PCM (1)")) { try WAVFile(bytes: float) }
        var noData = Array(bytes[..<36])
        noData.replaceSubrange(4..<8, with: [28, 0, 0, 0])
        #expect(throws: WAVReadError.missingChunk("data")) { try WAVFile(bytes: noData) }
        #expect(WAVReadError.truncated(declared: 100, found: 50).description.contains("truncated"))
    }
}
