@testable import ShowcaseApp
import Fixtures
import Rendering
import Testing

/// The gallery's search field and `Catalog.search` look in the same text, so a search
/// finds the same scenarios in a browser as in `list --search` and `browse`.
struct HTMLGallerySearchTests {
    @Test("every entry of the index carries its scenario's search text")
    func searchText() {
        let index = HTMLGallery.index(Catalog.all)
        for scenario in Catalog.all {
            let entry = "data-id=\"\(HTMLGallery.escape(scenario.id))\" data-search=\"\(HTMLGallery.escape(scenario.searchText))\""
            #expect(index.contains(entry), "\(scenario.id)")
        }
    }

    @Test("Catalog.search keeps exactly the scenarios whose search text holds every word", arguments: [
        "lock paused", "WIDGET", "timer emoji", "history 100,000", "nothing like this",
    ])
    func search(query: String) {
        let words = query.lowercased().split(separator: " ").map(String.init)
        let expected = Catalog.all.filter { scenario in words.allSatisfy(scenario.searchText.contains) }
        #expect(Catalog.search(query).map(\.id) == expected.map(\.id))
    }

    @Test("the search text is the id, the title and the view's name, lowercased")
    func composition() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        #expect(scenario.searchText == "liveactivity/lockscreen/paused paused at 2:05 \(scenario.kind.title.lowercased())")
    }
}
