import Fixtures
import Foundation
import Rendering
@testable import ShowcaseApp
import Testing

/// The documentation's counts of the catalog are the catalog's: Documentation/Showcase.md's
/// table is what `moments-showcase list --markdown` prints, and the README's total is the
/// catalog's, so neither goes stale when a scenario is added.
struct CatalogDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Showcase.md's catalog table is `moments-showcase list --markdown`'s, between its markers")
    func showcaseTable() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Showcase.md"), encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- catalog:begin"))
        let afterMarker = try #require(text[begin.upperBound...].range(of: "-->\n"))
        let end = try #require(text.range(of: "\n<!-- catalog:end -->"))
        let written = String(text[afterMarker.upperBound..<end.lowerBound])
        let expected = ListCommand.markdown(Catalog.all)
        #expect(written == expected, "run `moments-showcase list --markdown` and put its table between the markers:\n\(expected)")
    }

    @Test("the README's count of scenarios and views is the catalog's")
    func readmeCount() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(text.contains("\(Catalog.all.count) scenarios of all \(ViewKind.allCases.count) views"))
    }
}
