#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A file of JSON lines as the logs keep them (the history, a collection's snapshot and
/// journal): a header line, then one record per line, each ended by a newline.
///
/// Records are appended one write at a time and a write is acknowledged only after the
/// newline is on disk, so bytes after the last newline are a write a crash interrupted,
/// never an acknowledged record. Reading keeps them apart as ``incompleteTail``.
struct LineFile {
    /// The whole file.
    let bytes: Data
    /// The first line, without its newline; `nil` when the file has no complete line.
    let header: Data?
    /// Every complete, non-blank line after the header, without its newline (a slice of
    /// the lines, not a copy: a long history has 100,000).
    let records: ArraySlice<Data>
    /// How many bytes follow the last newline (0 when the file ends with one).
    let incompleteTail: Int

    /// Reads the file at `url`, or answers `nil` when there is none.
    static func read(_ url: URL) throws(PersistenceError) -> LineFile? {
        try FileDescriptor.contentsIfPresent(url.path).map(LineFile.init(bytes:))
    }

    /// Splits `bytes` into lines.
    init(bytes: Data) {
        self.bytes = bytes
        var lines: [Data] = []
        var tail = 0
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            // Lines of the stores are longer than this (a history's are about 200 bytes), so
            // the array rarely grows, which for 100,000 lines was five copies.
            lines.reserveCapacity(raw.count / 128 + 1)
            var start = 0
            while start < raw.count {
                guard let found = memchr(base + start, 0x0A, raw.count - start) else {
                    tail = raw.count - start
                    break
                }
                let end = base.distance(to: UnsafeRawPointer(found))
                if end > start, !Self.isBlank(raw[start..<end]) {
                    lines.append(bytes[bytes.startIndex + start..<bytes.startIndex + end])
                }
                start = end + 1
            }
        }
        header = lines.first
        records = lines.dropFirst()
        incompleteTail = tail
    }

    /// Whether the file holds nothing but white space.
    var isBlank: Bool {
        bytes.withUnsafeBytes { Self.isBlank($0[...]) }
    }

    /// The bytes of a file with `header` and `records`, each line ended by a newline.
    static func render(header: Data, records: [Data]) -> Data {
        var output = Data(capacity: header.count + 1 + records.reduce(0) { $0 + $1.count + 1 })
        output.append(header)
        output.append(0x0A)
        for record in records {
            output.append(record)
            output.append(0x0A)
        }
        return output
    }

    private static func isBlank(_ bytes: Slice<UnsafeRawBufferPointer>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }
}
