import Foundation
import TestSupport
import Testing

/// How `moments` is linked (ADR 0046, 0057): by lld, with the same flags on every host; a
/// manifest change that drops the linker settings makes this fail.
@Suite("How moments is linked", .blocking)
struct LinkedBinaryTests {
    @Test("moments is linked by lld")
    func linkedByLLD() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let comment = try ProcessRunner.run("readelf", ["-p", ".comment", binary.path])
        #expect(comment.contains("Linker: LLD"), "\(comment)")
    }
}
