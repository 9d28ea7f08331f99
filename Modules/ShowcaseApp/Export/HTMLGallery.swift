import Fixtures
import Rendering

/// The static gallery `export --html` writes: an index that shows every scenario's frame
/// in a searchable grid grouped by view, and a page per scenario with its variants in dark
/// and light. Frames are drawn by Rendering's ``Rendering/HTMLEncoder``; pages need no
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

    /// `scenario` drawn in `variant` as a `<pre>` on the variant's scheme. The index's
    /// tiles and the scenario pages both draw through here, so a tile is always the same
    /// frame as the matching figure on its page.
    static func frameHTML(_ scenario: Scenario, _ variant: Variant) -> String {
        HTMLEncoder(palette: variant.scheme.palette).encode(scenario.frame(variant))
    }

    /// The one stylesheet of every page, inline so the gallery needs no other file. The
    /// tile rules size each view's grid column from its width in cells (`--cols`) and
    /// scale the frame's font to fit the tile, so an 80-column screen shrinks while a
    /// 3-column Dynamic Island stays legible; `[hidden]` wins over the tiles' `display`
    /// so the search can hide them.
    static let style = """
        body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 2rem; }
        [hidden] { display: none !important; }
        code, pre, kbd { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
        input[type=search] { font-size: 1rem; padding: .4rem .6rem; width: min(40rem, 100%); }
        ul { list-style: none; padding-left: 0; } li { margin: .2rem 0; }
        li code { margin-right: .5rem; }
        .tiles { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(min(clamp(10rem, calc(var(--cols) * .4rem), 24rem), 100%), 1fr)); }
        .tiles li { margin: 0; }
        .tiles a { display: block; height: 100%; color: inherit; text-decoration: none; border: 1px solid #d6d6d0; border-radius: 8px; overflow: hidden; }
        .tiles a:hover, .tiles a:focus-visible { border-color: #3b7dd8; box-shadow: 0 0 0 2px #3b7dd855; outline: none; }
        .thumb { container-type: inline-size; display: flex; align-items: center; justify-content: center; min-height: 4rem; padding: .5rem; overflow: hidden; }
        .thumb pre.moments-frame { padding: 0; width: max-content; max-width: 100%; overflow: hidden; font-size: min(13px, calc(100cqw / var(--cols) / .61)); }
        .caption { display: block; padding: .4rem .6rem; font-size: .85rem; }
        .caption code { display: block; margin: .2rem 0 0; font-size: .75rem; opacity: .75; overflow-wrap: anywhere; }
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
