import Rendering
import Testing

/// Each encoder writes exactly what its output needs, and plain text never an escape.
struct EncoderTests {
    static let accent = TerminalColor(0x5FD7C8, ansi16: 14)

    /// `ab` in bold accent, then a plain wide `中`, then `<&>` in dim.
    static func sample() -> Frame {
        var frame = Frame(width: 7, height: 2)
        let bold = CellStyle(foreground: accent, attributes: .bold)
        frame.put("a", cells: 1, x: 0, y: 0, style: bold)
        frame.put("b", cells: 1, x: 1, y: 0, style: bold)
        frame.put("中", cells: 2, x: 2, y: 0, style: .plain)
        for (offset, character) in "<&>".enumerated() {
            frame.put(character, cells: 1, x: offset, y: 1, style: CellStyle(attributes: .dim))
        }
        return frame
    }

    @Test("plain text has no escape and no trailing spaces")
    func plain() {
        let text = PlainEncoder().encode(Self.sample())
        #expect(text == "ab中\n<&>")
        #expect(!text.contains("\u{1B}"))
        #expect(PlainEncoder(trimsTrailingSpaces: false).encode(Self.sample()) == "ab中   \n<&>    ")
    }

    @Test("16 colours use the palette's hand-picked bright index")
    func ansi16() {
        let text = ANSIEncoder(depth: .ansi16).encode(Self.sample())
        #expect(text == "\u{1B}[0;1;96mab\u{1B}[0m中   \n\u{1B}[0;2m<&>    \u{1B}[0m")
    }

    @Test("256 colours use the nearest cube index")
    func ansi256() {
        let text = ANSIEncoder(depth: .ansi256).encode(Self.sample())
        #expect(text.hasPrefix("\u{1B}[0;1;38;5;80mab\u{1B}[0m中"))
        #expect(Self.accent.index256 == 80)
    }

    @Test("true colour writes the RGB components")
    func trueColor() {
        let text = ANSIEncoder(depth: .trueColor).encode(Self.sample())
        #expect(text.hasPrefix("\u{1B}[0;1;38;2;95;215;200mab\u{1B}[0m中"))
    }

    @Test("monochrome (NO_COLOR) keeps bold and dim and drops colour")
    func monochrome() {
        let text = ANSIEncoder(depth: .monochrome).encode(Self.sample())
        #expect(text == "\u{1B}[0;1mab\u{1B}[0m中   \n\u{1B}[0;2m<&>    \u{1B}[0m")
    }

    @Test("a space needs no style change unless it shows a background, inverse or underline")
    func spaces() {
        var frame = Frame(width: 3, height: 1)
        let accent = CellStyle(foreground: Self.accent)
        frame.put("a", cells: 1, x: 0, y: 0, style: accent)
        frame.put("b", cells: 1, x: 2, y: 0, style: accent)
        #expect(ANSIEncoder(depth: .ansi16).encode(frame) == "\u{1B}[0;96ma b\u{1B}[0m")
        frame.put(" ", cells: 1, x: 1, y: 0, style: CellStyle(attributes: .inverse))
        #expect(ANSIEncoder(depth: .ansi16).encode(frame) == "\u{1B}[0;96ma\u{1B}[0;7m \u{1B}[0;96mb\u{1B}[0m")
    }

    @Test("HTML escapes markup and styles runs with inline spans")
    func html() {
        let html = HTMLEncoder(palette: .dark).encode(Self.sample())
        #expect(html.hasPrefix("<pre class=\"moments-frame\" style=\"background:#1c1c1e;color:#e6e1d6;line-height:1.2\">"))
        #expect(html.contains("<span style=\"color:#5fd7c8;font-weight:bold\">ab</span>中   \n"))
        #expect(html.contains("<span style=\"opacity:0.6\">&lt;&amp;&gt;</span>"))
        #expect(html.hasSuffix("</pre>"))
        #expect(!html.contains("\u{1B}"))
    }

    @Test("HTML escapes a cluster that starts with markup")
    func htmlCluster() {
        var frame = Frame(width: 2, height: 1)
        frame.put("<\u{301}", cells: 1, x: 0, y: 0, style: .plain)
        frame.put("\"", cells: 1, x: 1, y: 0, style: .plain)
        #expect(HTMLEncoder(palette: .light).encode(frame).contains("&lt;\u{301}&quot;</pre>"))
    }

    @Test("the 256-colour index is the nearest cube or grey")
    func nearest() {
        #expect(TerminalColor(0x000000, ansi16: 0).index256 == 16)
        #expect(TerminalColor(0xFFFFFF, ansi16: 15).index256 == 231)
        #expect(TerminalColor(0xFF0000, ansi16: 9).index256 == 196)
        #expect(TerminalColor(0x808080, ansi16: 8).index256 == 244)
    }
}
