import Rendering
import Testing

/// Text from data can never put a control character or an escape on the terminal.
struct SanitizerTests {
    @Test("escape sequences become a visible replacement", arguments: [
        "\u{1B}[2J", "\u{1B}]0;owned\u{07}", "\u{9B}31m", "\u{7F}", "\u{08}", "\u{00}",
    ])
    func controls(_ hostile: String) {
        let cleaned = Sanitizer.clean("a" + hostile + "b")
        #expect(!cleaned.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        #expect(cleaned.hasPrefix("a\u{FFFD}"))
        #expect(cleaned.hasSuffix("b"))
    }

    @Test("bidirectional overrides and isolates are replaced", arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func bidi(_ value: Int) {
        let scalar = Unicode.Scalar(UInt32(value))!
        #expect(Sanitizer.clean("x" + String(Character(scalar)) + "y") == "x\u{FFFD}y")
    }

    @Test("line breaks split lines and are never written")
    func lineBreaks() {
        #expect(Sanitizer.lines(of: "one\ntwo\r\nthree\rfour") == ["one", "two", "three", "four"])
        #expect(Sanitizer.clean("a\nb") == "a\u{FFFD}b")
    }

    @Test("a tab becomes one space")
    func tab() {
        #expect(Sanitizer.clean("a\tb") == "a b")
    }

    @Test("joiners, variation selectors, marks and scripts pass unchanged", arguments: [
        "🧘🏽‍♀️ Breathe 🌊", "静坐冥想", "תרגול בוקר", "e\u{301}", "🏳️‍🌈", "a\u{200E}b",
    ])
    func safeText(_ text: String) {
        #expect(Sanitizer.clean(text) == text)
    }
}
