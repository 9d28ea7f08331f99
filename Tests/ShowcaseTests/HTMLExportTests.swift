import CompositionRoot
import Fixtures
import Foundation
import Testing
import TestSupport

/// The HTML gallery as a person sees it: exported by the built executable, loaded from
/// disk in headless Chromium (no server, no network), and checked by what the page shows
/// once its scripts ran.
@Suite(.serialized)
struct HTMLExportTests {
    /// Exports the gallery into a fresh folder, which the caller removes.
    static func export() throws -> TemporaryFolder {
        let scratch = try TemporaryFolder()
        let run = try BuiltProduct.run("moments-showcase", ["export", "--html", scratch.path("gallery").path])
        guard run.status == 0 else {
            scratch.remove()
            throw HeadlessChromium.Failure(description: "export failed: \(run.errors)")
        }
        return scratch
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

    @Test("the index lists every scenario, grouped, and says how many")
    func index() throws {
        let scratch = try Self.export()
        defer { scratch.remove() }
        let dom = try HeadlessChromium.dumpDOM(scratch.path("gallery/index.html"), profile: scratch.path("profile"))
        let entries = Self.entries(dom)
        #expect(entries.shown == Catalog.all.map(\.id))
        #expect(entries.hidden.isEmpty)
        #expect(dom.contains("<p id=\"count\" aria-live=\"polite\">\(Catalog.all.count) scenarios</p>"))
        for group in ["Live Activity", "Timer", "Widgets", "History", "Stats", "Settings", "Presets"] {
            #expect(dom.contains("<h2>\(group)</h2>"), "\(group)")
        }
    }

    @Test("searching filters the list to the scenarios whose words match", arguments: ["lock paused", "emoji widget", "zzz"])
    func search(query: String) throws {
        let scratch = try Self.export()
        defer { scratch.remove() }
        var address = URLComponents(url: scratch.path("gallery/index.html"), resolvingAgainstBaseURL: false)!
        address.queryItems = [URLQueryItem(name: "q", value: query)]
        let dom = try HeadlessChromium.dumpDOM(try #require(address.url), profile: scratch.path("profile"))
        let entries = Self.entries(dom)
        let expected = Catalog.search(query).map(\.id)
        #expect(entries.shown == expected)
        #expect(entries.shown.count + entries.hidden.count == Catalog.all.count)
        let count = expected.count == 1 ? "1 scenario" : "\(expected.count) scenarios"
        #expect(dom.contains("<p id=\"count\" aria-live=\"polite\">\(count)</p>"))
        #expect(dom.contains("<p id=\"none\" hidden=\"\">") == !expected.isEmpty)
    }

    @Test("a scenario's page shows its fixture and its variants in dark and light")
    func page() throws {
        let scratch = try Self.export()
        defer { scratch.remove() }
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        let dom = try HeadlessChromium.dumpDOM(scratch.path("gallery/LiveActivity/LockScreen/paused.html"), profile: scratch.path("profile"))
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
