import Foundation
import TestSupport
import Testing

/// How `moments` is linked (ADR 0046, 0057, 0081): by lld, with the same flags on every
/// host, and its relative relocations packed when the build has the default trait
/// `PackedRelocations`; a manifest change that drops the linker settings makes this fail.
@Suite("How moments is linked", .blocking)
struct LinkedBinaryTests {
    @Test("moments is linked by lld")
    func linkedByLLD() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let comment = try ProcessRunner.run("readelf", ["-p", ".comment", binary.path])
        #expect(comment.contains("Linker: LLD"), "\(comment)")
    }

    /// The loader reads every relocation at start, and a session's peak memory holds each
    /// page of them: packed (`DT_RELR`), the 100,000 relative relocations of the Swift
    /// metadata take some 20 KB where they took 2.4 MB, and only a few hundred stay in
    /// `.rela.dyn` (ADR 0081).
    @Test("moments' relative relocations are packed, as the default trait asks")
    func relocationsPacked() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let dynamic = try ProcessRunner.run("readelf", ["--dynamic", "--wide", binary.path])
        let relocations = try ProcessRunner.run("readelf", ["--relocs", "--wide", binary.path])
        let unpacked = relocations.split(separator: "\n").count { $0.contains("_RELATIVE ") }
        #if PackedRelocations
            #expect(dynamic.contains("(RELRSZ)"), "\(dynamic)")
            #expect(unpacked == 0, "\(unpacked) relative relocations left unpacked")
        #else
            #expect(!dynamic.contains("(RELRSZ)"), "\(dynamic)")
        #endif
    }
}
