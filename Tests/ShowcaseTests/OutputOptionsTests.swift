@testable import ShowcaseApp
import ShowcaseComposition
import Rendering
import Testing

/// The colour depth every drawing command (`render`, `variants`, `browse`) takes from
/// `--color` and the environment: `OutputFormat.detect`'s rule, with `--color` first.
struct OutputOptionsTests {
    static func depth(_ color: ColorOption?, _ environment: [String: String], isTTY: Bool = true) -> ColorDepth {
        let composition = ShowcaseRoot.dependencies(
            environment: environment, outputIsTerminal: isTTY, output: { _ in }, errors: { _ in })
        var options = OutputOptions()
        options.color = color
        return options.format(in: composition).colorDepth
    }

    @Test("--color wins; else the terminal's TERM, COLORTERM and NO_COLOR; TERM=dumb and pipes get none")
    func depth() {
        #expect(Self.depth(.ansi256, ["COLORTERM": "truecolor"]) == .ansi256)
        #expect(Self.depth(.truecolor, [:], isTTY: false) == .trueColor)
        #expect(Self.depth(nil, ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(Self.depth(nil, ["TERM": "xterm-256color"]) == .ansi256)
        #expect(Self.depth(nil, ["TERM": "xterm"]) == .ansi16)
        #expect(Self.depth(nil, ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .monochrome)
        #expect(Self.depth(nil, ["TERM": "dumb"]) == .monochrome)
        #expect(Self.depth(nil, ["TERM": "xterm-256color"], isTTY: false) == .monochrome)
    }
}
