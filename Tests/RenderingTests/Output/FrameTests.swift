import Rendering
import Testing

/// The grid never holds half a wide character, whatever is written over it.
struct FrameTests {
    @Test("a wide cluster takes its cell and a continuation cell")
    func wide() {
        var frame = Frame(width: 4, height: 1)
        let placed = frame.put("中", cells: 2, x: 1, y: 0, style: .plain)
        #expect(placed)
        #expect(frame.lines == [" 中 "])
        #expect(frame[2, 0].isContinuation)
    }

    @Test("a wide cluster that would hang over the edge is not written")
    func edge() {
        var frame = Frame(width: 3, height: 1)
        let hanging = frame.put("中", cells: 2, x: 2, y: 0, style: .plain)
        #expect(!hanging)
        #expect(frame.lines == ["   "])
        let right = frame.put("a", cells: 1, x: 3, y: 0, style: .plain)
        let below = frame.put("a", cells: 1, x: 0, y: 1, style: .plain)
        #expect(!right && !below)
    }

    @Test("writing over either half of a wide cluster clears the other half")
    func overwrite() {
        var frame = Frame(width: 4, height: 1)
        frame.put("中", cells: 2, x: 0, y: 0, style: .plain)
        frame.put("a", cells: 1, x: 1, y: 0, style: .plain)
        #expect(frame.lines == [" a  "])
        frame.put("中", cells: 2, x: 2, y: 0, style: .plain)
        frame.put("文", cells: 2, x: 1, y: 0, style: .plain)
        #expect(frame.lines == [" 文 "])
        #expect(!frame[3, 0].isContinuation)
    }

    @Test("frames compare by what they show, not by how clusters were numbered")
    func equality() {
        var first = Frame(width: 4, height: 1)
        first.put("🇫🇷", cells: 2, x: 0, y: 0, style: .plain)
        first.put("e\u{301}", cells: 1, x: 2, y: 0, style: .plain)
        var second = Frame(width: 4, height: 1)
        second.put("e\u{301}", cells: 1, x: 2, y: 0, style: .plain)
        second.put("🇫🇷", cells: 2, x: 0, y: 0, style: .plain)
        #expect(first == second)
        second.put("x", cells: 1, x: 3, y: 0, style: .plain)
        #expect(first != second)
    }
}
