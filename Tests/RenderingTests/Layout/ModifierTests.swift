import Rendering
import Testing

/// Padding, frames, borders and alternatives: each answers within what it is offered and
/// places its child as SwiftUI would.
struct ModifierTests {
    @Test("padding insets the child")
    func padding() {
        #expect(Rendered.lines(Text("a").padding(1), width: 3, height: 3) == ["   ", " a ", "   "])
        #expect(Rendered.size(Text("a").padding(horizontal: 2), width: 10, height: 1) == Size(width: 5, height: 1))
    }

    @Test("a fixed frame has its size and aligns the child")
    func fixedFrame() {
        let framed = Text("ab").frame(width: 6, height: 1, alignment: .trailing)
        #expect(Rendered.size(framed, width: 20, height: 5) == Size(width: 6, height: 1))
        #expect(Rendered.lines(framed, width: 6, height: 1) == ["    ab"])
    }

    @Test("maxWidth .max fills the offer and centres")
    func flexibleFrame() {
        let framed = Text("ab").frame(maxWidth: .max)
        #expect(Rendered.size(framed, width: 8, height: 1) == Size(width: 8, height: 1))
        #expect(Rendered.lines(framed, width: 8, height: 1) == ["   ab   "])
        #expect(Rendered.size(Text("ab").frame(minWidth: 4), width: 8, height: 1) == Size(width: 4, height: 1))
    }

    @Test("borders in every style, with a title set into the top edge")
    func borders() {
        #expect(Rendered.lines(Text("hi").border(.rounded, title: "T"), width: 7, height: 3) == ["╭ T ──╮", "│hi   │", "╰─────╯"])
        #expect(Rendered.lines(Text("hi").border(.single), width: 4, height: 3) == ["┌──┐", "│hi│", "└──┘"])
        #expect(Rendered.lines(Text("hi").border(.double), width: 4, height: 3) == ["╔══╗", "║hi║", "╚══╝"])
        #expect(Rendered.lines(Text("hi").border(.heavy), width: 4, height: 3) == ["┏━━┓", "┃hi┃", "┗━━┛"])
    }

    @Test("a long title is truncated inside the border")
    func longTitle() {
        #expect(Rendered.lines(EmptyView().border(.rounded, title: "Morning sit"), width: 9, height: 2) == ["╭ Morn… ╮", "╰───────╯"])
    }

    @Test("a border with no room gives its space to the content")
    func tinyBorder() {
        #expect(Rendered.lines(Text("abc").border(), width: 1, height: 1) == ["…"])
    }

    @Test("ViewThatFits picks the first alternative that fits")
    func viewThatFits() {
        let choice = ViewThatFits(BigDigits("1", size: .medium), Text("1"))
        #expect(Rendered.lines(choice, width: 2, height: 1) == ["1 "])
        #expect(Rendered.lines(choice, width: 6, height: 5)[0] == "████  ")
    }

    @Test("a divider spans the width")
    func divider() {
        #expect(Rendered.lines(VStack(Text("ab"), Divider()), width: 4, height: 2) == ["ab  ", "────"])
    }
}
