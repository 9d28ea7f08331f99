import Foundation

/// What the gallery's index shows in headless Chromium, measured by the browser itself
/// rather than read from attributes: a probe page loads the index once per query in an
/// iframe, after its search script ran, and reports each tile's layout as JSON. A tile
/// with `hidden` that a stylesheet still displays, or a frame cut off by its tile, shows
/// here and not in the DOM alone.
enum GalleryProbe {
    /// One loaded index, for one search.
    struct Index: Decodable {
        /// The query in `?q=`, empty for none.
        let query: String
        /// The count line's text.
        let count: String
        /// Whether "No scenario matches" takes space on the page.
        let noneShown: Bool
        /// The `data-kind` of every view section that takes space on the page.
        let kinds: [String]
        /// Every tile, in document order, shown or not.
        let tiles: [Tile]
    }

    /// One tile of the index.
    struct Tile: Decodable {
        /// Its `data-id`.
        let id: String
        /// Whether it takes space on the page (no `display: none` on it or an ancestor).
        let visible: Bool
        /// Its link, as the browser resolved it against the index's address.
        let link: String
        /// The rows of text in its frame's `<pre>`, or 0 when it holds none.
        let rows: Int
        /// Whether the whole frame fits the tile, not cut off at its right or bottom;
        /// `true` for a tile that is not shown, which has no layout to measure.
        let fits: Bool
    }

    /// Loads `index` (a file URL) with each of `queries` in `?q=` and answers what each
    /// showed, in the order of `queries`.
    static func run(_ index: URL, queries: [String], in folder: URL, profile: URL) throws -> [Index] {
        var frames: [String] = []
        for query in queries {
            var address = URLComponents(url: index, resolvingAgainstBaseURL: false)
            if !query.isEmpty { address?.queryItems = [URLQueryItem(name: "q", value: query)] }
            guard let url = address?.url else { throw HeadlessChromium.Failure(description: "no address for \(index) with \(query)") }
            frames.append("<iframe data-query=\"\(escape(query))\" src=\"\(escape(url.absoluteString))\" width=\"1280\" height=\"800\"></iframe>")
        }
        let probe = folder.appendingPathComponent("probe.html")
        try Data(("<!doctype html><meta charset=\"utf-8\"><pre id=\"result\">pending</pre>\n" + frames.joined(separator: "\n")
            + "\n<script>\n" + script + "\n</script>\n").utf8).write(to: probe)
        let dom = try HeadlessChromium.dumpDOM(probe, profile: profile, readsFiles: true)
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw HeadlessChromium.Failure(description: "the probe page answered no result")
        }
        let json = unescape(String(dom[start.upperBound..<end.lowerBound]))
        guard json != "pending" else { throw HeadlessChromium.Failure(description: "the index did not load in time") }
        return try JSONDecoder().decode([Index].self, from: Data(json.utf8))
    }

    /// Waits for every iframe, then writes what each shows into `#result`.
    private static let script = """
        var frames = Array.prototype.slice.call(document.querySelectorAll('iframe'));
        var loaded = 0;
        function shown(element) { return element.getClientRects().length > 0; }
        function measure(frame) {
          var doc = frame.contentDocument;
          var tiles = Array.prototype.map.call(doc.querySelectorAll('li.scenario'), function (tile) {
            var link = tile.querySelector('a');
            var pre = tile.querySelector('.thumb pre.moments-frame');
            var fits = !shown(tile) || (pre !== null && pre.scrollWidth <= pre.clientWidth && pre.scrollHeight <= pre.clientHeight);
            return { id: tile.dataset.id, visible: shown(tile), link: link ? link.href : '', rows: pre ? pre.textContent.split('\\n').length : 0, fits: fits };
          });
          var kinds = Array.prototype.filter.call(doc.querySelectorAll('section.kind'), shown).map(function (section) { return section.dataset.kind; });
          return { query: frame.dataset.query, count: doc.getElementById('count').textContent, noneShown: shown(doc.getElementById('none')), kinds: kinds, tiles: tiles };
        }
        frames.forEach(function (frame) {
          frame.addEventListener('load', function () {
            loaded += 1;
            if (loaded === frames.length) { document.getElementById('result').textContent = JSON.stringify(frames.map(measure)); }
          });
        });
        """

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
