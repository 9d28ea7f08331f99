import Rendering
import Testing

/// Text truncates with an ellipsis or wraps, by cells, never splitting a cluster and never
/// drawing past the width offered.
struct TextLayoutTests {
    @Test("text that fits is shown whole and answers its width")
    func fits() {
        #expect(Rendered.lines(Text("Morning sit"), width: 12, height: 1) == ["Morning sit "])
        #expect(Rendered.size(Text("Morning sit"), width: 40, height: 5) == Size(width: 11, height: 1))
    }

    @Test("truncation ends with an ellipsis inside the width", arguments: [
        (8, "Morning…"), (2, "M…"), (1, "…"),
    ])
    func truncation(width: Int, expected: String) {
        #expect(Rendered.lines(Text("Morning sit"), width: width, height: 1) == [expected])
    }

    @Test("truncation drops the space before the ellipsis")
    func truncationSpace() {
        #expect(Rendered.lines(Text("Morning sit"), width: 9, height: 1) == ["Morning… "])
    }

    @Test("a wide character that would straddle the edge is not cut in half")
    func wideTruncation() {
        #expect(Rendered.lines(Text("静坐冥想"), width: 5, height: 1) == ["静坐…"])
        #expect(Rendered.lines(Text("静坐冥想"), width: 4, height: 1) == ["静… "])
        #expect(Rendered.lines(Text("🧘🏽‍♀️ Breathe 🌊"), width: 6, height: 1) == ["🧘🏽‍♀️ Br…"])
    }

    @Test("nothing is drawn at zero width or height")
    func zero() {
        #expect(Rendered.size(Text("abc"), width: 0, height: 3) == .zero)
        #expect(Rendered.size(Text("abc"), width: 3, height: 0) == .zero)
        #expect(Rendered.size(Text(""), width: 3, height: 3) == .zero)
    }

    @Test("wrapping breaks at spaces and ellipsises the last row shown")
    func wrapping() {
        let text = Text("Sitting quietly by the window").wrapped()
        #expect(Rendered.lines(text, width: 10, height: 4) == ["Sitting   ", "quietly by", "the window", "          "])
        #expect(Rendered.lines(text, width: 10, height: 2) == ["Sitting   ", "quietly b…"])
    }

    @Test("a word longer than the line is broken between clusters")
    func longWord() {
        #expect(Rendered.lines(Text("abcdefgh").wrapped(), width: 3, height: 3) == ["abc", "def", "gh "])
        #expect(Rendered.lines(Text("静坐冥想").wrapped(), width: 3, height: 4) == ["静 ", "坐 ", "冥 ", "想 "])
    }

    @Test("line breaks start new lines; control characters show as U+FFFD")
    func breaks() {
        #expect(Rendered.lines(Text("one\ntwo"), width: 3, height: 2) == ["one", "two"])
        #expect(Rendered.lines(Text("a\u{1B}[31mb"), width: 7, height: 1) == ["a\u{FFFD}[31mb"])
    }

    @Test("centred lines share the width")
    func centred() {
        #expect(Rendered.lines(Text("ab\nabcd").multilineAlignment(.center), width: 6, height: 2) == [" ab   ", "abcd  "])
    }

    @Test("emoji, CJK and combining marks keep their cells", arguments: [
        ("e\u{301}a", "e\u{301}a  "), ("🇫🇷x", "🇫🇷x "), ("中a", "中a "),
    ])
    func clusters(text: String, expected: String) {
        #expect(Rendered.lines(Text(text), width: 4, height: 1) == [expected])
    }

    /// Found by FuzzRendering (Documentation/Fuzzing.md): `evill` ESC `Oe`, a UTF-8 sequence
    /// cut short, a line break, then `e` and U+302E HANGUL SINGLE DOT TONE MARK, wrapped in 12
    /// columns and 4 rows. The layout drew `e` with its tone mark in one cell, as a terminal
    /// does, but the width of the row, read back, came to 14: `GraphemeWidth.width(of:)`
    /// summed the mark's own two cells instead of measuring the cluster.
    @Test("a wrapped text with a line break and a cut UTF-8 sequence stays in its width (found by FuzzRendering)")
    func fuzzedWrap() {
        let bytes: [UInt8] = [0x65, 0x76, 0x69, 0x6C, 0x6C, 0x1B, 0x4F, 0x65, 0xE2, 0x80, 0x0A, 0x65, 0xE3, 0x80, 0xAE]
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = Rendered.lines(Text(text).wrapped().bold(), width: 12, height: 4)
        #expect(lines == ["evill\u{FFFD}Oe\u{FFFD}   ", "e\u{302E}           ", "            ", "            "])
        for line in lines { #expect(GraphemeWidth.width(of: line) == 12, "\(line.unicodeScalars.map { String($0.value, radix: 16) })") }
    }
}
