import Fixtures
import Rendering
import Testing

/// Widths in terminal cells, one grapheme cluster at a time: the measure every layout
/// decision rests on.
struct GraphemeWidthTests {
    /// One row of the width table: a cluster, its cells, and why.
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let cells: Int
        let why: String
        var testDescription: String { why }
    }

    static let cases: [Case] = [
        Case(text: "a", cells: 1, why: "ASCII letter"),
        Case(text: "é", cells: 1, why: "precomposed accent"),
        Case(text: "e\u{301}", cells: 1, why: "combining accent stays in its cluster"),
        Case(text: "a\u{301}\u{323}\u{30A}", cells: 1, why: "stacked combining marks"),
        Case(text: "中", cells: 2, why: "CJK ideograph is wide"),
        Case(text: "\u{FF26}", cells: 2, why: "fullwidth Latin F"),
        Case(text: "한", cells: 2, why: "Hangul syllable"),
        Case(text: "\u{1112}\u{1161}\u{11AB}", cells: 2, why: "Hangul jamo sequence is one wide cluster"),
        Case(text: "😀", cells: 2, why: "emoji presentation"),
        Case(text: "👍🏽", cells: 2, why: "emoji with skin tone"),
        Case(text: "🧘🏽‍♀️", cells: 2, why: "ZWJ sequence with skin tone and gender"),
        Case(text: "👨‍👩‍👧‍👦", cells: 2, why: "family ZWJ sequence"),
        Case(text: "🏳️‍🌈", cells: 2, why: "rainbow flag: VS16 and ZWJ"),
        Case(text: "🇫🇷", cells: 2, why: "flag: regional indicator pair"),
        Case(text: "🇫", cells: 1, why: "lone regional indicator"),
        Case(text: "❤️", cells: 2, why: "text-default symbol with VS16 becomes emoji"),
        Case(text: "❤", cells: 1, why: "text-default symbol without VS16"),
        Case(text: "1️⃣", cells: 2, why: "keycap sequence"),
        Case(text: "…", cells: 1, why: "ambiguous width counts narrow"),
        Case(text: "█", cells: 1, why: "block element"),
        Case(text: "ש", cells: 1, why: "Hebrew letter"),
        Case(text: "\u{301}", cells: 0, why: "lone combining mark has nothing to stand on"),
        Case(text: "\u{200B}", cells: 0, why: "zero width space"),
        Case(text: "\u{1B}", cells: 0, why: "a control takes no cell (the sanitiser replaces it)"),
    ]

    @Test("one cluster's width", arguments: cases)
    func clusterWidth(_ example: Case) {
        #expect(example.text.count == 1 || example.cells == 0)
        let character = Character(example.text)
        #expect(GraphemeWidth.width(of: character) == example.cells)
    }

    @Test("a string's width is the sum of its clusters, never String.count")
    func stringWidths() {
        #expect(GraphemeWidth.width(of: "Morning sit") == 11)
        #expect(GraphemeWidth.width(of: SessionAttributesMother.cjkName) == 8)
        #expect(SessionAttributesMother.cjkName.count == 4)
        #expect(GraphemeWidth.width(of: SessionAttributesMother.emojiName) == 13)
        #expect(GraphemeWidth.width(of: SessionAttributesMother.rightToLeftName) == 10)
        #expect(GraphemeWidth.width(of: "") == 0)
    }

    @Test("the tables are Unicode 15.0")
    func version() {
        #expect(GraphemeWidth.unicodeVersion == "15.0.0")
    }

    /// The string width sums scalars without breaking the text into clusters when every
    /// scalar comes from a block thought to hold no mark. Two such blocks do hold marks that
    /// extend the cluster before them: U+302E and U+302F (Hangul tone marks, wide on their
    /// own) in CJK Symbols, and U+FF9E and U+FF9F (halfwidth katakana sound marks) in the
    /// halfwidth forms. FuzzRendering found the first (Documentation/Fuzzing.md).
    @Test("a mark that joins the cluster before it is not counted on its own", arguments: [
        "e\u{302E}", "e\u{302F}", "\u{FF76}\u{FF9E}", "\u{FF8A}\u{FF9F}",
    ])
    func joiningMarks(_ text: String) {
        #expect(text.count == 1)
        #expect(GraphemeWidth.width(of: text) == GraphemeWidth.width(of: Character(text)))
        #expect(GraphemeWidth.width(of: text + "  ") == GraphemeWidth.width(of: Character(text)) + 2)
    }

    /// Every scalar the quick sum may take, between two letters: the quick sum and the sum
    /// of the clusters agree, so no other such mark hides in those blocks.
    @Test("the quick string width agrees with the clusters for every scalar it sums")
    func quickSumAgrees() {
        let quick = [0x20..<0x7F, 0xA0..<0x300, 0x2000..<0x2C00, 0x3000..<0xA000, 0xAC00..<0xD7A4, 0xFF00..<0xFFF0]
        var disagreeing: [String] = []
        for range in quick {
            for value in range {
                guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
                let text = "a" + String(Character(scalar)) + "b"
                let clusters = text.reduce(0) { $0 + GraphemeWidth.width(of: $1) }
                if GraphemeWidth.width(of: text) != clusters { disagreeing.append(String(value, radix: 16)) }
            }
        }
        #expect(disagreeing.isEmpty, "U+\(disagreeing.joined(separator: ", U+"))")
    }
}

