import ShowcaseApp
import Fixtures
import Foundation
import Testing
import TestSupport

/// The HTML gallery as a person sees it: exported by the built executable, loaded from
/// disk in headless Chromium (no server, no network), and checked by what the page shows
/// once its scripts ran.
struct HTMLExportTests {
    /// The gallery, exported by the built executable, loaded page by page: one export
    /// for every check, since Chromium and the export are the costly parts.
    @Test("the exported gallery, loaded in headless Chromium")
    func gallery() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let run = try BuiltProduct.run("moments-showcase", ["export", "--html", scratch.path("gallery").path])
        try #require(run.status == 0, "\(run.errors)")
        let index = scratch.path("gallery/index.html")
        let profile = scratch.path("profile")
        try checkIndex(try HeadlessChromium.dumpDOM(index, profile: profile))
        for query in ["lock paused", "emoji widget", "zzz"] {
            var address = try #require(URLComponents(url: index, resolvingAgainstBaseURL: false))
            address.queryItems = [URLQueryItem(name: "q", value: query)]
            try checkSearch(query, try HeadlessChromium.dumpDOM(try #require(address.url), profile: profile))
        }
        try checkPage(try HeadlessChromium.dumpDOM(scratch.path("gallery/LiveActivity/LockScreen/paused.html"), profile: profile))
    }

    /// The ids of the scenario entries in `dom`, split by whether they are shown.
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

    /// The index lists every scenario, grouped, and says how many.
    func checkIndex(_ dom: String) throws {
        let entries = Self.entries(dom)
        #expect(entries.shown == Catalog.all.map(\.id))
        #expect(entries.hidden.isEmpty)
        #expect(dom.contains("<p id=\"count\" aria-live=\"polite\">\(Catalog.all.count) scenarios</p>"))
        for group in ["Live Activity", "Timer", "Widgets", "History", "Stats", "Settings", "Presets"] {
            #expect(dom.contains("<h2>\(group)</h2>"), "\(group)")
        }
    }

    /// Searching hides exactly the scenarios whose words do not match.
    func checkSearch(_ query: String, _ dom: String) throws {
        let entries = Self.entries(dom)
        let expected = Catalog.search(query).map(\.id)
        #expect(entries.shown == expected, "\(query)")
        #expect(entries.shown.count + entries.hidden.count == Catalog.all.count)
        let count = expected.count == 1 ? "1 scenario" : "\(expected.count) scenarios"
        #expect(dom.contains("<p id=\"count\" aria-live=\"polite\">\(count)</p>"))
        #expect(dom.contains("<p id=\"none\" hidden=\"\">") == !expected.isEmpty)
    }

    /// A scenario's page shows its fixture and its variants in dark and light.
    func checkPage(_ dom: String) throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        #expect(dom.contains("<code id=\"scenario-id\">LiveActivity/LockScreen/paused</code>"))
        #expect(dom.contains(scenario.fixture.replacingOccurrences(of: "\"", with: "&quot;")) || dom.contains(scenario.fixture))
        for scheme in ["dark", "light"] {
            let section = try #require(dom.components(separatedBy: "<section class=\"scheme\" id=\"\(scheme)\"").dropFirst().first)
            let figures = section.components(separatedBy: "</section>")[0].components(separatedBy: "<figure").count - 1
            #expect(figures == 6, "\(scheme)")
        }
        #expect(dom.contains("Paused"))
        #expect(dom.contains("2:05"))
        #expect(dom.contains("href=\"../../index.html\""))
    }
}
