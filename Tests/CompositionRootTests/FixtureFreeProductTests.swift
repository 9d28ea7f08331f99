import Foundation
import Testing
import TestSupport

/// The live product ships no fixture: not one symbol of the `Fixtures` module (Mothers,
/// scenarios, Preview doubles) is in the `moments` binary, while `moments-showcase`, built
/// from them, has thousands, which proves the check can see them.
///
/// It reads the products `swift test` built beside it: a debug build keeps every symbol of
/// every object it links (nothing is dead-stripped), so a module absent there is absent
/// from the release binary too.
@Suite("The products' symbols", .blocking)
struct FixtureFreeProductTests {
    /// The defined symbols of `product` that belong to the module `Fixtures`: Swift
    /// mangles a module name as its length and its name (`$s8Fixtures…`).
    static func fixtureSymbols(of product: String) throws -> [Substring] {
        let binary = try BuiltProduct.url(of: product)
        let symbols = try ProcessRunner.run("nm", ["--defined-only", binary.path])
        return symbols.split(separator: "\n").filter { $0.contains("$s8Fixtures") }
    }

    @Test("moments holds no symbol of Fixtures")
    func liveHasNone() throws {
        let found = try Self.fixtureSymbols(of: "moments")
        #expect(found.isEmpty, "moments links Fixtures: \(found.prefix(5).joined(separator: "\n"))")
    }

    @Test("moments-showcase holds Fixtures' symbols, so the check above can see them")
    func showcaseHasThem() throws {
        #expect(try Self.fixtureSymbols(of: "moments-showcase").count > 100)
    }
}
