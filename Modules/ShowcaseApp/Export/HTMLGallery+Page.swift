import Fixtures
import Rendering

extension HTMLGallery {
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
            body += "<section class=\"scheme\" id=\"\(scheme.rawValue)\" style=\"background:\(palette.pageBackground.hex);color:\(palette.pageForeground.hex)\">"
            body += "<h2>\(scheme == .dark ? "Dark" : "Light")</h2><div class=\"variants\">\n"
            for variant in Variant.all(for: scenario) where variant.scheme == scheme && variant.depth == .trueColor {
                let label = VariantsCommand.label(variant, scenario)
                body += "<figure class=\"variant\" data-variant=\"\(escape(variant.fileName(for: scenario)))\"><figcaption>\(escape(label))</figcaption>"
                body += frameHTML(scenario, variant) + "</figure>\n"
            }
            body += "</div></section>\n"
        }
        return document(title: "\(scenario.title) · \(scenario.id)", body: body)
    }
}
