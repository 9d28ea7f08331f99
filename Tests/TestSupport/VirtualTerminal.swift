import Rendering

/// A terminal just capable enough to replay what `moments` and the diff renderer write:
/// cursor position (`CSI r;c H`), cursor forward (`CSI n C`), clear (`CSI 2J`), SGR with
/// true-colour foreground and background, the alternate screen (`CSI ?1049 h/l`), the
/// cursor's visibility (`CSI ?25 h/l`), the cursor saved and restored with the screen, carriage return, line feed (scrolling at the
/// bottom), the bell, and printing clusters by their cell width (writing over half of a
/// wide cluster blanks the other half, as terminals do).
///
/// Bytes may arrive in any pieces (``feed(bytes:)``): an escape sequence or a character
/// cut in two waits for its end.
public struct VirtualTerminal: Sendable {
    /// One cell of the screen.
    public struct Cell: Equatable, Sendable {
        /// The cluster shown, `" "` when blank.
        public var text = " "
        /// Its style.
        public var style = CellStyle.plain
        /// Whether this is the right half of a wide cluster.
        public var continuation = false
    }

    /// Columns.
    public private(set) var width: Int
    /// Rows.
    public private(set) var height: Int
    /// The cells of the screen shown, row-major.
    public private(set) var cells: [Cell]
    /// The cursor's row, from 0.
    public private(set) var row = 0
    /// The cursor's column, from 0.
    public private(set) var column = 0
    /// The current style.
    public private(set) var style = CellStyle.plain
    /// Whether the alternate screen is shown.
    public private(set) var alternateScreen = false
    /// Whether the cursor is shown.
    public private(set) var cursorVisible = true
    /// How many times the bell rang.
    public private(set) var bells = 0
    private var mainScreen: [Cell]?
    private var savedCursor = (row: 0, column: 0)
    private var pending: [UInt8] = []

    /// A blank terminal of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    /// The screen's rows as plain text, trailing spaces trimmed.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !cells[row * width + column].continuation {
                line += cells[row * width + column].text
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen as one text, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// Takes a new size, as a terminal window does when resized: the screen is blanked
    /// (the program redraws it).
    public mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
        mainScreen = mainScreen.map { _ in cells }
        row = min(row, height - 1)
        column = min(column, width - 1)
    }

    /// Feeds raw bytes; an escape sequence or UTF-8 character left incomplete at the end
    /// waits for the next bytes.
    public mutating func feed(bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
        let cut = Self.completePrefix(pending)
        guard cut > 0 else { return }
        let text = String(decoding: pending[0..<cut], as: UTF8.self)
        pending.removeFirst(cut)
        feed(text)
    }

    /// Feeds text.
    public mutating func feed(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        var printable = ""
        func flush() {
            for character in printable { put(character) }
            printable = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\u{1B}": break
            case "\r":
                flush()
                column = 0
                continue
            case "\n":
                flush()
                lineFeed()
                continue
            case "\u{07}":
                flush()
                bells += 1
                continue
            default:
                printable.unicodeScalars.append(scalar)
                continue
            }
            flush()
            precondition(scalars.first == "[", "only CSI sequences are expected")
            scalars = scalars.dropFirst()
            var isPrivate = false
            if scalars.first == "?" {
                isPrivate = true
                scalars = scalars.dropFirst()
            }
            var parameters = ""
            while let next = scalars.first, next == ";" || ("0"..."9").contains(next) {
                parameters.unicodeScalars.append(next)
                scalars = scalars.dropFirst()
            }
            let final = scalars.removeFirst()
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            if isPrivate {
                setMode(numbers.first ?? 0, on: final == "h")
                continue
            }
            switch final {
            case "H":
                row = min(height - 1, max(1, numbers.first ?? 1) - 1)
                column = min(width - 1, max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
            case "C": column += max(1, numbers.first ?? 1)
            case "J": cells = Array(repeating: Cell(), count: width * height)
            case "m": style = Self.style(numbers)
            default: preconditionFailure("unexpected sequence \(final)")
            }
        }
        flush()
    }

    private mutating func setMode(_ mode: Int, on: Bool) {
        switch mode {
        case 25: cursorVisible = on
        case 1049:
            guard on != alternateScreen else { return }
            alternateScreen = on
            // As xterm does: the cursor is saved on the way in and restored on the way out.
            if on {
                mainScreen = cells
                savedCursor = (row, column)
                cells = Array(repeating: Cell(), count: width * height)
            } else {
                cells = mainScreen ?? Array(repeating: Cell(), count: width * height)
                mainScreen = nil
                (row, column) = (min(savedCursor.row, height - 1), min(savedCursor.column, width - 1))
            }
        default: preconditionFailure("unexpected private mode \(mode)")
        }
    }

    private mutating func lineFeed() {
        if row + 1 < height {
            row += 1
            return
        }
        cells.removeFirst(width)
        cells.append(contentsOf: Array(repeating: Cell(), count: width))
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

    /// How many leading bytes form whole characters and whole escape sequences.
    private static func completePrefix(_ bytes: [UInt8]) -> Int {
        var end = bytes.count
        if let escape = bytes.lastIndex(of: 0x1B) {
            let rest = bytes[(escape + 1)...]
            let finished = rest.count >= 2 && rest.dropFirst().contains { (0x40...0x7E).contains($0) }
            if !finished { end = escape }
        }
        // Back off a UTF-8 character whose continuation bytes have not arrived.
        var lead = end - 1
        while lead >= 0, lead >= end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        if lead >= 0, lead < end {
            let byte = bytes[lead]
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if lead + length > end { end = lead }
        }
        return end
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
                guard numbers.count > index + 1, numbers[index + 1] == 2, numbers.count > index + 4 else {
                    index += numbers.count > index + 1 && numbers[index + 1] == 5 ? 2 : 0
                    break
                }
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
    public func shows(_ frame: Frame) -> Bool {
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
