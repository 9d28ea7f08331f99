@testable import ShowcaseApp
import Fixtures
import Foundation
import Rendering
import Testing

/// The gallery's index shows each scenario's frame, not just its name: the tiles hold the
/// frames' text, drawn as the scenario's own page draws them.
struct HTMLGalleryIndexTests {
    @Test("each tile holds its scenario's frame as text, first visible row included")
    func frameText() throws {
        let index = HTMLGallery.index(Catalog.all)
        for scenario in Catalog.all {
            let tile = try #require(Self.tile(scenario.id, in: index), "\(scenario.id)")
            let rows = PlainEncoder().encode(scenario.frame(HTMLGallery.tileVariant)).split(separator: "\n")
            let first = try #require(rows.first { !$0.allSatisfy(\.isWhitespace) }, "\(scenario.id)")
            let text = Self.text(of: tile)
            #expect(text.contains(first.drop { $0 == " " }), "\(scenario.id): \(first)")
            #expect(text.contains(scenario.title), "\(scenario.id)")
        }
    }

    @Test("a tile's frame is the same HTML as the figure of that variant on its page")
    func samePathAsPages() throws {
        let index = HTMLGallery.index(Catalog.all)
        for scenario in Catalog.all {
            let frame = HTMLGallery.frameHTML(scenario, HTMLGallery.tileVariant)
            let tile = try #require(Self.tile(scenario.id, in: index), "\(scenario.id)")
            #expect(tile.contains(frame), "\(scenario.id)")
            #expect(HTMLGallery.page(for: scenario).contains(frame), "\(scenario.id)")
        }
    }

    @Test("tiles show the scenario as it is meant to be seen: dark, medium text, natural size, true colour")
    func tileVariant() {
        #expect(HTMLGallery.tileVariant == Variant(scheme: .dark, textSize: .medium, width: nil, height: nil, depth: .trueColor))
    }

    /// The HTML of the tile whose `data-id` is `id`, up to its end.
    static func tile(_ id: String, in index: String) -> String? {
        guard let start = index.range(of: "<li class=\"scenario\" data-id=\"\(HTMLGallery.escape(id))\""),
              let end = index.range(of: "</li>", range: start.upperBound..<index.endIndex)
        else { return nil }
        return String(index[start.lowerBound..<end.upperBound])
    }

    /// What `html` reads as: tags dropped and the four escapes undone, as a browser shows it.
    static func text(of html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
