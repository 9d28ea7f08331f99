import ShowcaseApp
import Fixtures
import Foundation
import Rendering
import Testing
import TestSupport

/// The HTML gallery as a person sees it: exported by the built executable, loaded from
/// disk in headless Chromium (no server, no network), and checked by what the page shows
/// once its scripts ran: its DOM, and the tiles' layout as the browser measures it.
@Suite(.blocking)
struct HTMLExportTests {
    /// The gallery, exported by the built executable, loaded page by page: one export
    /// for every check, since Chromium and the export are the costly parts. The index is
    /// read twice: as a DOM, and measured by ``GalleryProbe`` once per search.
    @Test("the exported gallery, loaded in headless Chromium")
    func gallery() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let run = try BuiltProduct.run("moments-showcase", ["export", "--html", scratch.path("gallery").path])
        try #require(run.status == 0, "\(run.errors)")
        let index = scratch.path("gallery/index.html")
        let profile = scratch.path("profile")
        try checkIndex(try HeadlessChromium.dumpDOM(index, profile: profile))
        let queries = ["", "lock paused", "emoji widget", "zzz"]
        let loaded = try GalleryProbe.run(index, queries: queries, in: scratch.url, profile: profile)
        try #require(loaded.map(\.query) == queries)
        try checkTiles(loaded[0], folder: scratch.path("gallery"))
        for shown in loaded.dropFirst() { checkSearch(shown) }
        let paused = try #require(loaded[0].tiles.first { $0.id == "LiveActivity/LockScreen/paused" })
        try checkPage(try HeadlessChromium.dumpDOM(try #require(URL(string: paused.link)), profile: profile))
    }

    /// The ids of the tiles in `dom`, split by whether they carry `hidden`.
    static func entries(_ dom: String) -> (shown: [String], hidden: [String]) {
        var shown: [String] = []
        var hidden: [String] = []
        for part in dom.components(separatedBy: "<li ").dropFirst() {
            let tag = String(part.prefix { $0 != ">" })
            guard tag.contains("class=\"scenario\""), let idStart = tag.range(of: "data-id=\"") else { continue }
            let id = String(tag[idStart.upperBound...].prefix { $0 != "\"" })
            if tag.contains(" hidden=\"\"") { hidden.append(id) } else { shown.append(id) }
        }
        return (shown, hidden)
    }

    /// The index has a tile per scenario, each holding a frame, grouped, and says how many.
    func checkIndex(_ dom: String) throws {
        let entries = Self.entries(dom)
        #expect(entries.shown == Catalog.all.map(\.id))
        #expect(entries.hidden.isEmpty)
        #expect(dom.components(separatedBy: "<pre class=\"moments-frame\"").count - 1 == Catalog.all.count)
        #expect(dom.contains("<p id=\"count\" aria-live=\"polite\">\(Catalog.all.count) scenarios</p>"))
        for group in ["Live Activity", "Timer", "Widgets", "History", "Stats", "Settings", "Presets"] {
            #expect(dom.contains("<h2>\(group)</h2>"), "\(group)")
        }
    }

    /// Every scenario is a tile on show, in catalog order, holding its frame in as many
    /// rows as the frame has, scaled to fit the tile, and linking to its page's file.
    func checkTiles(_ shown: GalleryProbe.Index, folder: URL) throws {
        #expect(shown.tiles.map(\.id) == Catalog.all.map(\.id))
        #expect(shown.tiles.allSatisfy { $0.visible })
        for (tile, scenario) in zip(shown.tiles, Catalog.all) {
            #expect(tile.rows == scenario.naturalSize.height, "\(tile.id)")
            #expect(tile.fits, "\(tile.id)")
            let page = try #require(URL(string: tile.link), "\(tile.id)")
            #expect(page.standardizedFileURL.path == folder.appendingPathComponent(scenario.id + ".html").standardizedFileURL.path)
            #expect(FileManager.default.fileExists(atPath: page.path), "\(tile.link)")
        }
    }

    /// Searching shows exactly the tiles `Catalog.search` finds, and the views that hold
    /// them; the count and "No scenario matches" follow.
    func checkSearch(_ shown: GalleryProbe.Index) {
        let expected = Catalog.search(shown.query)
        #expect(shown.tiles.filter(\.visible).map(\.id) == expected.map(\.id), "\(shown.query)")
        #expect(shown.tiles.count == Catalog.all.count)
        var kinds: [String] = []
        for scenario in expected where kinds.last != scenario.kind.rawValue { kinds.append(scenario.kind.rawValue) }
        #expect(shown.kinds == kinds, "\(shown.query)")
        #expect(shown.count == (expected.count == 1 ? "1 scenario" : "\(expected.count) scenarios"))
        #expect(shown.noneShown == expected.isEmpty, "\(shown.query)")
    }

    /// A scenario's page shows its fixture and its variants in dark and light.
    func checkPage(_ dom: String) throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        #expect(dom.contains("<code id=\"scenario-id\">LiveActivity/LockScreen/paused</code>"))
        #expect(dom.contains(scenario.fixture.replacingOccurrences(of: "\"", with: "&quot;")) || dom.contains(scenario.fixture))
        for scheme in ["dark", "light"] {
            let section = try #require(dom.components(separatedBy: "<section class=\"scheme\" id=\"\(scheme)\"").dropFirst().first)
            let figures = section.components(separatedBy: "</section>")[0].components(separatedBy: "<figure").count - 1
            #expect(figures == Variant.textSizes(for: scenario).count * Variant.widths(for: scenario).count, "\(scheme)")
        }
        #expect(dom.contains("Paused"))
        #expect(dom.contains("2:05"))
        #expect(dom.contains("href=\"../../index.html\""))
    }
}
