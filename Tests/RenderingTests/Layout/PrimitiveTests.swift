import Rendering
import Testing

/// The drawing primitives: bars with eighth-block precision, the ring glyph, big digits in
/// every size, key hints that drop whole hints, lists that say what they left out.
struct PrimitiveTests {
    @Test("a progress bar resolves eighths of a cell", arguments: [
        (0.0, "░░░░"), (0.5, "██░░"), (1.0, "████"), (0.0625, "▎░░░"), (0.03125, "▏░░░"), (0.9, "███▋"),
    ])
    func progressBar(fraction: Double, expected: String) {
        #expect(Rendered.lines(ProgressBar(fraction: fraction), width: 4, height: 1) == [expected])
    }

    @Test("the ring shows progress in one cell", arguments: [
        (0.0, "○"), (0.2, "◔"), (0.5, "◑"), (0.7, "◕"), (1.0, "●"),
    ])
    func ring(fraction: Double, expected: String) {
        #expect(Rendered.lines(ProgressRing(fraction: fraction), width: 1, height: 1) == [expected])
    }

    @Test("big digits have a natural size per digit size", arguments: [
        (DigitSize.small, Size(width: 17, height: 3)), (.medium, Size(width: 34, height: 5)),
        (.large, Size(width: 68, height: 10)), (.extraLarge, Size(width: 102, height: 15)),
    ])
    func digitSizes(size: DigitSize, expected: Size) {
        #expect(BigDigits.naturalSize(of: "12:05", size: size) == expected)
    }

    @Test("small digits use half blocks")
    func smallDigits() {
        #expect(Rendered.lines(BigDigits("0:1", size: .small), width: 9, height: 3) == ["█▀█ ▄ ▀█ ", "█ █ ▄  █ ", "▀▀▀   ▀▀▀"])
    }

    @Test("key hints drop whole hints from the end")
    func keyHints() {
        let bar = KeyHintBar([KeyHint(key: "space", label: "Pause"), KeyHint(key: "q", label: "Quit")])
        #expect(Rendered.lines(bar, width: 24, height: 1) == ["[space] Pause  [q] Quit "])
        #expect(Rendered.lines(bar, width: 16, height: 1) == ["[space] Pause   "])
        #expect(Rendered.lines(bar, width: 5, height: 1) == ["[spa…"])
    }

    @Test("a list shows what fits and counts the rest")
    func list() {
        let list = ListView((1...5).map { Text("row \($0)") })
        #expect(Rendered.lines(list, width: 6, height: 3) == ["row 1 ", "row 2 ", "… 3 m…"])
        #expect(Rendered.lines(list, width: 6, height: 5) == ["row 1 ", "row 2 ", "row 3 ", "row 4 ", "row 5 "])
    }

    @Test("a focused row stays visible")
    func listFocus() {
        let list = ListView((1...5).map { Text("row \($0)") }, focus: 4)
        #expect(Rendered.lines(list, width: 6, height: 3) == ["row 4 ", "row 5 ", "… 3 m…"])
    }

    @Test("a bar chart scales to the largest value and keeps a sliver for small ones")
    func barChart() {
        let chart = BarChart([.init(value: 0, label: "M"), .init(value: 1, label: "T"), .init(value: 8, label: "W")])
        #expect(Rendered.lines(chart, width: 5, height: 2) == ["  ▁ █", "M T W"])
    }

    @Test("a heat map shades levels with glyphs as well as colours")
    func heatMap() {
        let map = HeatMap(columns: [[0, 1], [2, 3], [4, nil]], rowLabels: ["M", "T"])
        #expect(Rendered.lines(map, width: 7, height: 2) == ["M · ▒ █", "T ░ ▓  "])
    }
}
