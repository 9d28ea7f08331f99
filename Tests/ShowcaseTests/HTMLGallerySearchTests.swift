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

    /// The matches are written out, read off the catalog by a person, not computed here:
    /// filtering with the rule under test would agree with any rule.
    @Test("Catalog.search keeps exactly the scenarios whose search text holds every word", arguments: [
        // Every word, anywhere: "lock" in the id, "paused" in the id or in the title.
        ("lock paused", ["LiveActivity/LockScreen/paused", "LiveActivity/LockScreen/expired", "LiveActivity/LockScreen/stale"]),
        // Case does not matter.
        ("WIDGET", [
            "Widgets/Small/preset", "Widgets/Small/openPreset", "Widgets/Small/lastSession", "Widgets/Small/lastSessionEmoji",
            "Widgets/Medium/streak", "Widgets/Medium/new", "Widgets/Medium/longStreak", "Widgets/Medium/manyPresets",
        ]),
        // Nine scenarios have "emoji" in their id or title; one is the timer's.
        ("timer emoji", ["Timer/Screen/emoji"]),
        // Stats/Overview/hundredThousand has 100,000 too, but not "history".
        ("history 100,000", ["History/List/hundredThousand"]),
        ("nothing like this", []),
    ])
    func search(query: String, expected: [String]) {
        #expect(Catalog.search(query).map(\.id) == expected)
    }

    @Test("the search text is the id, the title and the view's name, lowercased")
    func composition() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        #expect(scenario.searchText == "liveactivity/lockscreen/paused paused at 2:05 \(scenario.kind.title.lowercased())")
    }
}
