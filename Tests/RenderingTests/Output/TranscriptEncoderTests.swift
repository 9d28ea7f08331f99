import Fixtures
import Rendering
import Testing

/// The transcript a screen reader would speak of a frame: reading order, no box drawing,
/// big digits read as their time, a bar as its percentage, a mark as its meaning.
struct TranscriptEncoderTests {
    static func transcript(_ view: some View, _ width: Int, _ height: Int) -> String {
        TranscriptEncoder().encode(Frame(rendering: view, width: width, height: height, environment: Rendered.environment(secondsAfterMorning: 125)))
    }

    @Test("a bordered stack reads row by row, its border and padding silent, pieces apart joined by commas")
    func readingOrder() {
        let card = VStack([
            HStack(spacing: 4, [Text("Morning sit").erased, Text("Paused").erased]).erased,
            Text("of 5:00").erased,
        ]).padding(horizontal: 1).border(.rounded)
        #expect(Self.transcript(card, 30, 4) == "Morning sit, Paused\nof 5:00")
    }

    @Test("big digits are read as the time they show, a bar as its percentage said once beside its number")
    func glyphsInWords() {
        #expect(Self.transcript(BigDigits("12:05", size: .large), 60, 8) == "12:05")
        let bar = HStack(spacing: 2, [ProgressBar(fraction: 0.42).erased, Text("42%").layoutPriority(1).erased])
        #expect(Self.transcript(bar, 20, 1) == "42% done")
        #expect(Self.transcript(Text("‖").spoken("Paused"), 3, 1) == "Paused")
        #expect(Self.transcript(Text("‖"), 3, 1).isEmpty, "a mark alone says nothing")
    }

    @Test("a panel drawn over digits is read, the digits it covers are not; words over part of them are read beside them")
    func covered() {
        let panel = Text("Help: q Quit").frame(width: 20, height: 3).background(.surface)
        #expect(Self.transcript(ZStack([BigDigits("2:05", size: .small).erased, panel.erased]), 20, 3) == "Help: q Quit")
        let line = Text("Help: q Quit").frame(width: 20, height: 3)
        #expect(Self.transcript(ZStack([BigDigits("2:05", size: .small).erased, line.erased]), 20, 3) == "2:05\nHelp: q Quit")
        #expect(Self.transcript(BigDigits("2:05", size: .small), 0, 0).isEmpty, "nothing drawn, nothing said")
    }
}
