import Foundation
import Testing
import TestSupport

/// How `moments` is linked (ADR 0046): by lld, and with its relative relocations packed
/// (`DT_RELR`) where the C library reads them. A running session's loader otherwise reads
/// 1.6 MB of relocation entries, which stay in its peak memory; a manifest change that
/// drops the linker settings makes this fail.
@Suite("How moments is linked", .blocking)
struct LinkedBinaryTests {
    @Test("moments is linked by lld")
    func linkedByLLD() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let comment = try ProcessRunner.run("readelf", ["-p", ".comment", binary.path])
        #expect(comment.contains("Linker: LLD"), "\(comment)")
    }

    @Test("moments carries packed relative relocations where glibc reads them (2.36 on)")
    func packedRelocations() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let dynamic = try ProcessRunner.run("readelf", ["-d", binary.path])
        let packed = dynamic.contains("(RELR)")
        if try Self.cLibraryReadsPackedRelocations() {
            #expect(packed, "\(dynamic)")
            let sections = try ProcessRunner.run("readelf", ["-SW", binary.path])
            #expect((Self.sectionSize(".relr.dyn", in: sections) ?? 0) > 0, "\(sections)")
        } else {
            // An older glibc would refuse to start a binary that needs them.
            #expect(!packed, "\(dynamic)")
        }
    }

    /// The size of section `name` in `readelf -SW` output.
    private static func sectionSize(_ name: String, in listing: String) -> Int? {
        for line in listing.split(separator: "\n") {
            let fields = line.replacingOccurrences(of: "[ ", with: "[").split(separator: " ")
            if fields.count > 5, fields[1] == name { return Int(fields[5], radix: 16) }
        }
        return nil
    }

    /// Whether this machine's glibc is 2.36 or later, as `getconf` tells it ("glibc 2.36";
    /// the manifest reads the same value with `confstr`).
    private static func cLibraryReadsPackedRelocations() throws -> Bool {
        let answer = try ProcessRunner.run("getconf", ["GNU_LIBC_VERSION"])
        let numbers = answer.split { !$0.isNumber }.compactMap { Int($0) }
        return numbers.count >= 2 && (numbers[0], numbers[1]) >= (2, 36)
    }
}
