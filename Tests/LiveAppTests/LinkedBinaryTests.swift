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
        // `(RELRSZ)  13456 (bytes)`: the packed relocations' size, in the dynamic section.
        let packedBytes = dynamic.split(separator: "\n").first { $0.contains("(RELRSZ)") }
            .flatMap { line in line.split(separator: " ").compactMap { Int($0) }.first } ?? 0
        if try Self.cLibraryReadsPackedRelocations() {
            #expect(packedBytes > 0, "\(dynamic)")
        } else {
            // An older glibc would refuse to start a binary that needs them.
            #expect(packedBytes == 0, "\(dynamic)")
        }
    }

    /// Whether this machine's glibc is 2.36 or later, as `getconf` tells it ("glibc 2.36";
    /// the manifest reads the same value with `confstr`).
    private static func cLibraryReadsPackedRelocations() throws -> Bool {
        let answer = try ProcessRunner.run("getconf", ["GNU_LIBC_VERSION"])
        let numbers = answer.split { !$0.isNumber }.compactMap { Int($0) }
        return numbers.count >= 2 && (numbers[0], numbers[1]) >= (2, 36)
    }
}
