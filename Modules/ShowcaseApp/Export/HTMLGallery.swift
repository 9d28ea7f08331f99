import Fixtures
import Rendering

/// The static gallery `export --html` writes: an index that searches and groups every
/// scenario, and a page per scenario with its variants in dark and light. Frames are drawn by Rendering's ``Rendering/HTMLEncoder``; pages need no
/// network, no server and no file outside the folder. The index lives in
/// `HTMLGallery+Index.swift`, the scenario pages in `HTMLGallery+Page.swift`.
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

    /// `scenario` drawn in `variant` as a `<pre>` on the variant's scheme: the one place the
    /// gallery encodes a frame, so every page that shows one draws it the same way.
    static func frameHTML(_ scenario: Scenario, _ variant: Variant) -> String {
        HTMLEncoder(palette: variant.scheme.palette).encode(scenario.frame(variant))
    }

    /// The one stylesheet of every page, inline so the gallery needs no other file.
    static let style = """
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

    /// A whole HTML document around `body`, with the shared stylesheet inline.
    static func document(title: String, body: String) -> String {
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
