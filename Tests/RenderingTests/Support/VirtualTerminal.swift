import Rendering

/// A terminal just capable enough to replay what the diff renderer writes: cursor
/// position (`CSI r;c H`), cursor forward (`CSI n C`), clear (`CSI 2J`), SGR with
/// true-colour foreground and background, and printing clusters by their cell width
/// (writing over half of a wide cluster blanks the other half, as terminals do).
struct VirtualTerminal {
    struct Cell: Equatable {
        var text = " "
        var style = CellStyle.plain
        var continuation = false
    }

    let width: Int
    let height: Int
    var cells: [Cell]
    var row = 0
    var column = 0
    var style = CellStyle.plain

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    mutating func feed(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        var printable = ""
        func flush() {
            for character in printable { put(character) }
            printable = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}" else {
                printable.unicodeScalars.append(scalar)
                continue
            }
            flush()
            precondition(scalars.first == "[", "only CSI sequences are expected")
            scalars = scalars.dropFirst()
            var parameters = ""
            while let next = scalars.first, next == ";" || ("0"..."9").contains(next) {
                parameters.unicodeScalars.append(next)
                scalars = scalars.dropFirst()
            }
            let final = scalars.removeFirst()
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H":
                row = max(1, numbers.first ?? 1) - 1
                column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
            case "C": column += max(1, numbers.first ?? 1)
            case "J": cells = Array(repeating: Cell(), count: width * height)
            case "m": style = Self.style(numbers)
            default: preconditionFailure("unexpected sequence \(final)")
            }
        }
        flush()
    }

    private mutating func put(_ character: Character) {
        let span = GraphemeWidth.width(of: character)
        guard span > 0, row < height, column + span <= width else { return }
        let index = row * width + column
        for offset in 0..<span {
            let target = index + offset
            if cells[target].continuation, column + offset > 0 { cells[target - 1] = Cell() }
            if column + offset + 1 < width, cells[target + 1].continuation { cells[target + 1] = Cell() }
        }
        cells[index] = Cell(text: String(character), style: style)
        if span == 2 { cells[index + 1] = Cell(text: "", style: style, continuation: true) }
        column += span
    }

    private static func style(_ numbers: [Int]) -> CellStyle {
        var style = CellStyle.plain
        var index = 0
        while index < numbers.count {
            switch numbers[index] {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.inverse)
            case 38, 48:
                let rgb = UInt32(numbers[index + 2]) << 16 | UInt32(numbers[index + 3]) << 8 | UInt32(numbers[index + 4])
                let color = TerminalColor(rgb, ansi16: 0)
                if numbers[index] == 38 { style.foreground = color } else { style.background = color }
                index += 4
            default: break
            }
            index += 1
        }
        return style
    }

    /// Whether the screen shows `frame`: the same clusters, and the same styles wherever
    /// a style can be seen (a plain space looks the same in any foreground).
    func shows(_ frame: Frame) -> Bool {
        guard frame.width == width, frame.height == height else { return false }
        for row in 0..<height {
            for column in 0..<width {
                let mine = cells[row * width + column]
                let theirs = frame[column, row]
                if mine.continuation != theirs.isContinuation { return false }
                if mine.continuation { continue }
                if mine.text != frame.text(of: theirs) { return false }
                let invisible = mine.text == " " && Self.invisible(mine.style) && Self.invisible(theirs.style)
                if !invisible, !Self.sameLook(mine.style, theirs.style) { return false }
            }
        }
        return true
    }

    private static func invisible(_ style: CellStyle) -> Bool {
        style.background == nil && !style.attributes.contains(.inverse) && !style.attributes.contains(.underline)
    }

    private static func sameLook(_ lhs: CellStyle, _ rhs: CellStyle) -> Bool {
        lhs.attributes == rhs.attributes && lhs.foreground?.rgb == rhs.foreground?.rgb
            && lhs.background?.rgb == rhs.background?.rgb
    }
}
