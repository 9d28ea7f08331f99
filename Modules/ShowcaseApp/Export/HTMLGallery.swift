import Fixtures
import Rendering

/// The static gallery `export --html` writes: an index that searches and groups every
/// scenario, and a page per scenario with its variants in dark and light. Frames are drawn
/// by Rendering's ``Rendering/HTMLEncoder``; pages need no network, no server and no
/// file outside the folder.
enum HTMLGallery {
    /// The index file's name.
    static let indexName = "index.html"

    /// The path of a scenario's page inside the folder: its id, as folders, plus `.html`.
    static func pagePath(_ scenario: Scenario) -> String {
        scenario.id + ".html"
    }

    /// `Live Activity` for `LiveActivity`.
    static func groupTitle(_ group: String) -> String {
        var title = ""
        for character in group {
            if character.isUppercase, !title.isEmpty { title.append(" ") }
            title.append(character)
        }
        return title
    }

    /// The index: a search field (also `?q=` in the address, `/` to focus it), and every
    /// scenario grouped by group and view.
    static func index(_ scenarios: [Scenario]) -> String {
        var body = """
            <header>
            <h1>Little Moments · showcase</h1>
            <p>Every view in every scenario, drawn from fixtures. Press <kbd>/</kbd> to search.</p>
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
                body += "<h3>\(escape(scenario.kind.title)) <small>\(size.width)×\(size.height)</small></h3><ul>\n"
            }
            body += "<li class=\"scenario\" data-id=\"\(escape(scenario.id))\" data-search=\"\(escape(scenario.searchText))\">"
            body += "<a href=\"\(escape(pagePath(scenario)))\"><code>\(escape(scenario.id))</code> \(escape(scenario.title))</a></li>\n"
        }
        if kind != nil { body += "</ul></section>\n</section>\n" }
        body += "<p id=\"none\" hidden>No scenario matches. Try fewer or shorter words.</p>\n</main>\n"
        body += "<script>\n\(searchScript)\n</script>\n"
        return page(title: "Little Moments · showcase", body: body)
    }

    /// Filters the list as the search field changes: every word must appear in an entry;
    /// views and groups with nothing left are hidden.
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

    /// A scenario's page: what it is, its fixture and inputs, then its variants in dark and
    /// in light, each section on its scheme's page colours.
    static func page(for scenario: Scenario) -> String {
        let up = String(repeating: "../", count: scenario.id.split(separator: "/").count - 1)
        var body = """
            <nav><a href="\(up)\(indexName)">All scenarios</a> › \(escape(groupTitle(scenario.kind.catalogGroup))) › \(escape(scenario.kind.title))</nav>
            <h1>\(escape(scenario.title))</h1>
            <p><code id="scenario-id">\(escape(scenario.id))</code> · \(escape(scenario.kind.title)) · natural size \(scenario.naturalSize.width)×\(scenario.naturalSize.height) · \(escape(ListCommand.provenanceText(scenario.provenance)))</p>
            <h2>Fixture</h2>
            <pre class="fixture"><code>\(escape(scenario.fixture))</code></pre>
            <h2>Inputs</h2>
            <table class="inputs"><tbody>

            """
        for input in scenario.inputs.all {
            body += "<tr><th>\(escape(input.label))</th><td><code>\(escape(input.displayValue))</code></td></tr>\n"
        }
        body += "</tbody></table>\n"
        for scheme in ColorScheme.allCases.reversed() {
            let palette = scheme.palette
            let encoder = HTMLEncoder(palette: palette)
            body += "<section class=\"scheme\" id=\"\(scheme.rawValue)\" style=\"background:\(palette.pageBackground.hex);color:\(palette.pageForeground.hex)\">"
            body += "<h2>\(scheme == .dark ? "Dark" : "Light")</h2><div class=\"variants\">\n"
            for variant in Variant.all(for: scenario) where variant.scheme == scheme && variant.depth == .trueColor {
                let label = VariantsCommand.label(variant, scenario)
                body += "<figure class=\"variant\" data-variant=\"\(escape(variant.fileName(for: scenario)))\"><figcaption>\(escape(label))</figcaption>"
                body += encoder.encode(scenario.frame(variant)) + "</figure>\n"
            }
            body += "</div></section>\n"
        }
        return page(title: "\(scenario.title) · \(scenario.id)", body: body)
    }

    private static let style = """
        body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 2rem; }
        code, pre, kbd { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
        input[type=search] { font-size: 1rem; padding: .4rem .6rem; width: min(40rem, 100%); }
        ul { list-style: none; padding-left: 0; } li { margin: .2rem 0; }
        li code { margin-right: .5rem; }
        .fixture { background: #f3f3ef; padding: .8rem; overflow-x: auto; }
        .inputs th { text-align: left; font-weight: normal; padding-right: 1rem; }
        .scheme { padding: 1rem; margin: 1rem 0; border-radius: 8px; }
        .variants { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: .8rem; opacity: .8; margin-bottom: .3rem; }
        pre.moments-frame { margin: 0; padding: .3rem; font-size: 13px; }
        """

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// Text made safe in HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
