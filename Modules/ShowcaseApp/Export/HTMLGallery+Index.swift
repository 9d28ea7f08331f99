import Fixtures
import Rendering

extension HTMLGallery {
    /// The variant each tile of the index shows: the scenario as it is meant to be seen
    /// (dark, medium text, natural size, true colour), which is also one of the figures
    /// on its page, so the tile previews what the link opens.
    static let tileVariant = Variant()

    /// The index: a search field (also `?q=` in the address, `/` to focus it), and every
    /// scenario as a tile of its frame, in a grid per view, grouped by group and view, as
    /// a catalog shows its components. Each tile links to the scenario's page.
    static func index(_ scenarios: [Scenario]) -> String {
        var body = """
            <header>
            <h1>Little Moments · showcase</h1>
            <p>Every view in every scenario, drawn from fixtures; each tile shows <code>\(escape(tileVariant.description))</code>. Press <kbd>/</kbd> to search; open a tile for its fixture and every variant.</p>
            <input id="search" type="search" placeholder="Search by id, title or view" aria-label="Search scenarios">
            <p id="count" aria-live="polite">\(scenarios.count) scenarios</p>
            </header>
            <main>

            """
        var group: String?
        var kind: ViewKind?
        for scenario in scenarios {
            if scenario.kind != kind {
                if kind != nil { body += "</ul></section>\n" }
                if scenario.kind.catalogGroup != group {
                    if group != nil { body += "</section>\n" }
                    group = scenario.kind.catalogGroup
                    body += "<section class=\"group\" data-group=\"\(escape(scenario.kind.catalogGroup))\">"
                    body += "<h2>\(escape(groupTitle(scenario.kind.catalogGroup)))</h2>\n"
                }
                kind = scenario.kind
                let size = scenario.naturalSize
                body += "<section class=\"kind\" data-kind=\"\(scenario.kind.rawValue)\">"
                body += "<h3>\(escape(scenario.kind.title)) <small>\(size.width)×\(size.height)</small></h3>"
                body += "<ul class=\"tiles\" style=\"--cols:\(size.width)\">\n"
            }
            body += tile(scenario)
        }
        if kind != nil { body += "</ul></section>\n</section>\n" }
        body += "<p id=\"none\" hidden>No scenario matches. Try fewer or shorter words.</p>\n</main>\n"
        body += "<script>\n\(searchScript)\n</script>\n"
        return document(title: "Little Moments · showcase", body: body)
    }

    /// One scenario in the grid: a link to its page holding its frame in ``tileVariant``
    /// (real text, so the browser's find and copy work on it) over its title and id. The
    /// `data-id` and `data-search` attributes are what ``searchScript`` filters on.
    static func tile(_ scenario: Scenario) -> String {
        let background = tileVariant.scheme.palette.pageBackground.hex
        return "<li class=\"scenario\" data-id=\"\(escape(scenario.id))\" data-search=\"\(escape(scenario.searchText))\">"
            + "<a href=\"\(escape(pagePath(scenario)))\"><div class=\"thumb\" style=\"background:\(background)\">"
            + frameHTML(scenario, tileVariant)
            + "</div><span class=\"caption\">\(escape(scenario.title))<code>\(escape(scenario.id))</code></span></a></li>\n"
    }

    /// Filters the grid as the search field changes: every word must appear in a tile's
    /// search text; views and groups with no tile left are hidden, and the count and the
    /// "no scenario matches" line follow.
    static let searchScript = """
        (function () {
          var input = document.getElementById('search');
          var count = document.getElementById('count');
          var none = document.getElementById('none');
          function apply() {
            var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
            var shown = 0;
            document.querySelectorAll('li.scenario').forEach(function (item) {
              var match = words.every(function (word) { return item.dataset.search.indexOf(word) >= 0; });
              item.hidden = !match;
              if (match) { shown += 1; }
            });
            document.querySelectorAll('section.kind, section.group').forEach(function (section) {
              section.hidden = section.querySelector('li.scenario:not([hidden])') === null;
            });
            count.textContent = shown + (shown === 1 ? ' scenario' : ' scenarios');
            none.hidden = shown > 0;
          }
          var query = new URLSearchParams(window.location.search).get('q');
          if (query) { input.value = query; }
          input.addEventListener('input', apply);
          document.addEventListener('keydown', function (event) {
            if (event.key === '/' && document.activeElement !== input) { event.preventDefault(); input.focus(); }
          });
          apply();
        })();
        """
}
