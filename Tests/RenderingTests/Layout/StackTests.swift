import Rendering
import Testing

/// Stacks share space by proposals: text that fits keeps its length, flexible children
/// shrink first, spacers take what is left, and nothing leaves the offered size.
struct StackTests {
    @Test("an HStack places children with spacing and answers their total")
    func hstack() {
        let row = HStack(Text("ab"), Text("cd"))
        #expect(Rendered.size(row, width: 20, height: 3) == Size(width: 5, height: 1))
        #expect(Rendered.lines(row, width: 6, height: 1) == ["ab cd "])
    }

    @Test("a spacer pushes children apart and takes only the leftover")
    func spacer() {
        let row = HStack(spacing: 0, Text("left"), Spacer(), Text("right"))
        #expect(Rendered.lines(row, width: 12, height: 1) == ["left   right"])
        #expect(Rendered.lines(row, width: 9, height: 1) == ["leftright"])
    }

    @Test("the longer text shrinks first when space is short")
    func flexibleFirst() {
        let row = HStack(Text("Sitting quietly by the window"), Text("Paused"))
        #expect(Rendered.lines(row, width: 20, height: 1) == ["Sitting quie… Paused"])
    }

    @Test("layout priority is served first")
    func priority() {
        let row = HStack(Text("Sitting quietly"), Text("12:05").layoutPriority(1))
        #expect(Rendered.lines(row, width: 10, height: 1) == ["Sit… 12:05"])
    }

    @Test("a VStack stacks rows and aligns them")
    func vstack() {
        let column = VStack(alignment: .trailing, Text("a"), Text("bbb"))
        #expect(Rendered.lines(column, width: 3, height: 2) == ["  a", "bbb"])
        #expect(Rendered.size(column, width: 10, height: 10) == Size(width: 3, height: 2))
    }

    @Test("a VStack with a spacer pins the last row to the bottom")
    func vspacer() {
        let column = VStack(Text("top"), Spacer(), Text("end"))
        #expect(Rendered.lines(column, width: 3, height: 4) == ["top", "   ", "   ", "end"])
    }

    @Test("children beyond the offered height are cut, never drawn outside")
    func overflow() {
        let column = VStack(Text("1"), Text("2"), Text("3"))
        #expect(Rendered.lines(column, width: 1, height: 2) == ["1", "2"])
    }

    @Test("empty views take no space and no spacing")
    func empty() {
        let row = HStack(Text("a"), EmptyView(), Text("b"))
        #expect(Rendered.lines(row, width: 3, height: 1) == ["a b"])
    }

    @Test("a ZStack layers later children on top, aligned")
    func zstack() {
        let layered = ZStack(alignment: .topTrailing, Text("....."), Text("x"))
        #expect(Rendered.lines(layered, width: 5, height: 1) == ["....x"])
    }
}
