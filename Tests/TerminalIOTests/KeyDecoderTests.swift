import TerminalIO
import Testing

/// What a terminal in raw mode sends, decoded into the keys the timer screen binds.
@Suite("KeyDecoder")
struct KeyDecoderTests {
    let decoder = KeyDecoder()

    func keys(_ text: String) -> [Key] { decoder.decode(Array(text.utf8)) }

    @Test("letters, symbols and the space bar arrive as themselves")
    func printable() {
        #expect(keys(" fc+-?q/") == [
            .space, .character("f"), .character("c"), .character("+"), .character("-"), .character("?"),
            .character("q"), .character("/"),
        ])
    }

    @Test("Enter, Tab, Backspace and Ctrl-C, which raw mode delivers as bytes")
    func controls() {
        #expect(keys("\r\n\t\u{7F}\u{08}\u{03}\u{04}") == [.enter, .enter, .tab, .backspace, .backspace, .interrupt, .control("d")])
    }

    @Test("arrows and navigation keys in CSI and SS3 forms, modifiers ignored")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left])
        #expect(keys("\u{1B}[1;5C") == [.right])
        #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F") == [.delete, .pageUp, .pageDown, .home, .end])
    }

    @Test("Escape alone, at the end of a read or doubled, is the Escape key")
    func escape() {
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("q\u{1B}") == [.character("q"), .escape])
    }

    @Test("an unknown sequence is dropped, never typed as text")
    func unknown() {
        #expect(keys("\u{1B}[200~x") == [.character("x")])
        #expect(keys("\u{1B}[99Z") == [])
    }

    @Test("UTF-8 text arrives as whole characters")
    func unicode() {
        #expect(keys("é中") == [.character("é"), .character("中")])
    }

    @Test("a character cut short is dropped alone: the escape sequence after it still arrives whole")
    func cutCharacterKeepsTheNextKey() {
        // 0xE4 starts a three-byte character; before the fix it swallowed ESC and '[',
        // and the 'A' of the up arrow was typed as text (found writing FuzzKeyDecoder's
        // property that every byte is accounted for).
        #expect(decoder.decode([0xE4, 0x1B, 0x5B, 0x41]) == [.up])
        #expect(decoder.decode([0xE4, 0xB8, 0x71]) == [.character("q")])
        #expect(decoder.decode([0xF0, 0x9F]) == [])
        #expect(decoder.decode([0x80, 0xFF, 0x61]) == [.character("a")])
    }

    @Test("every byte is read once, in order: the steps cover the chunk without a gap")
    func stepsCoverEveryByte() {
        let bytes: [UInt8] = [0x61, 0xE4, 0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43, 0x1B, 0xC3, 0xA9, 0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
        let steps = decoder.tokens(bytes)
        #expect(steps.map(\.bytes.lowerBound) == [0] + steps.dropLast().map(\.bytes.upperBound))
        #expect(steps.last?.bytes.upperBound == bytes.count)
    }
}
