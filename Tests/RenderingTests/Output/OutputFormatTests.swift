import Rendering
import Testing

/// The output format is a pure function of the environment variables and whether the
/// output is a terminal.
struct OutputFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let environment: [String: String]
        let isTTY: Bool
        let expected: OutputFormat
        let why: String
        var testDescription: String { why }
    }

    static let cases: [Case] = [
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTTY: false, expected: .plain,
             why: "not a terminal: plain, whatever the variables"),
        Case(environment: ["TERM": "dumb", "COLORTERM": "truecolor"], isTTY: true, expected: .plain,
             why: "TERM=dumb: plain"),
        Case(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], isTTY: true,
             expected: .ansi(.monochrome), why: "NO_COLOR: attributes, no colour"),
        Case(environment: ["TERM": "xterm-256color", "NO_COLOR": ""], isTTY: true, expected: .ansi(.ansi256),
             why: "an empty NO_COLOR is ignored"),
        Case(environment: ["TERM": "xterm", "COLORTERM": "truecolor"], isTTY: true, expected: .ansi(.trueColor),
             why: "COLORTERM=truecolor"),
        Case(environment: ["TERM": "xterm", "COLORTERM": "24bit"], isTTY: true, expected: .ansi(.trueColor),
             why: "COLORTERM=24bit"),
        Case(environment: ["TERM": "screen-256color"], isTTY: true, expected: .ansi(.ansi256),
             why: "TERM ends in -256color"),
        Case(environment: ["TERM": "screen-256color-bce"], isTTY: true, expected: .ansi(.ansi256),
             why: "TERM has 256color between its hyphens"),
        Case(environment: ["TERM": "xterm-256"], isTTY: true, expected: .ansi(.ansi16),
             why: "TERM with 256 but not 256color: 16"),
        Case(environment: ["TERM": "xterm"], isTTY: true, expected: .ansi(.ansi16), why: "a plain xterm: 16"),
        Case(environment: [:], isTTY: true, expected: .ansi(.ansi16), why: "no TERM at all: 16"),
    ]

    @Test("detection", arguments: cases)
    func detect(_ example: Case) {
        #expect(OutputFormat.detect(environment: example.environment, isTTY: example.isTTY) == example.expected)
    }

    @Test("plain output of a styled frame has no escape; monochrome keeps bold")
    func encode() {
        var frame = Frame(width: 2, height: 1)
        frame.put("a", cells: 1, x: 0, y: 0, style: CellStyle(foreground: EncoderTests.accent, attributes: .bold))
        #expect(OutputFormat.plain.encode(frame) == "a")
        #expect(OutputFormat.ansi(.monochrome).encode(frame) == "\u{1B}[0;1ma \u{1B}[0m")
        #expect(OutputFormat.plain.colorDepth == .monochrome)
    }

    @Test("plain rows keep their trailing spaces when asked, so frames can be set side by side")
    func encodeFullRows() {
        var frame = Frame(width: 3, height: 2)
        frame.put("a", cells: 1, x: 0, y: 0, style: CellStyle(foreground: EncoderTests.accent))
        #expect(OutputFormat.plain.encode(frame) == "a\n")
        #expect(OutputFormat.plain.encode(frame, trimsTrailingSpaces: false) == "a  \n   ")
        #expect(OutputFormat.plain.encode(frame, lineSeparator: "|", trimsTrailingSpaces: false) == "a  |   ")
        #expect(
            OutputFormat.ansi(.ansi16).encode(frame, trimsTrailingSpaces: false)
                == OutputFormat.ansi(.ansi16).encode(frame))
    }
}
