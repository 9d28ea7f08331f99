/// A time in large block digits, the centre of the timer screen:
///
/// ```
/// ██████   ██████ ██████
///     ██ ██    ██ ██
/// ██████   ██████ ██████
/// ```
///
/// Big digits cannot shrink: offered less than their natural size they answer it anyway,
/// so a ``ViewThatFits`` or the timer screen's own arithmetic can fall back to a smaller
/// size or to plain text.
public struct BigDigits: View {
    /// The text, as `timerDisplayFromSeconds(seconds:showSeconds:)` wrote it.
    public let text: String
    /// How large.
    public let digitSize: DigitSize
    /// The digits' colour role.
    public let color: SemanticColor
    private let bitmap: [[Bool]]

    /// `text` in digits of `size`.
    public init(_ text: String, size: DigitSize, color: SemanticColor = .accent) {
        self.text = text
        digitSize = size
        self.color = color
        bitmap = DigitFont.bitmap(text)
    }

    /// The cells the digits take, whatever the offer.
    public var naturalSize: Size {
        Size(width: (bitmap.first?.count ?? 0) * digitSize.columnsPerPixel, height: digitSize.rows)
    }

    /// The natural size of `text` at `size`, without building the view.
    public static func naturalSize(of text: String, size: DigitSize) -> Size {
        BigDigits(text, size: size).naturalSize
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size { naturalSize }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        // Read as the time the digits show.
        canvas.speak(text, over: Rect(x: 0, y: 0, width: naturalSize.width, height: naturalSize.height))
        let style = environment.style(TextStyle(foreground: color))
        if digitSize == .small {
            renderHalfBlocks(into: &canvas, style: style)
            return
        }
        let columns = digitSize.columnsPerPixel
        let rowsPerPixel = digitSize.rows / 5
        for (pixelRow, pixels) in bitmap.enumerated() {
            for (pixelColumn, lit) in pixels.enumerated() where lit {
                for dy in 0..<rowsPerPixel {
                    canvas.repeatCharacter(
                        "█", count: columns, x: pixelColumn * columns, y: pixelRow * rowsPerPixel + dy, style: style)
                }
            }
        }
    }

    /// Two pixel rows per cell row, with `▀`, `▄` and `█`.
    private func renderHalfBlocks(into canvas: inout Canvas, style: CellStyle) {
        for cellRow in 0..<3 {
            let upper = bitmap[2 * cellRow]
            let lower = 2 * cellRow + 1 < 5 ? bitmap[2 * cellRow + 1] : [Bool](repeating: false, count: upper.count)
            for column in upper.indices {
                let glyph: Character
                switch (upper[column], lower[column]) {
                case (true, true): glyph = "█"
                case (true, false): glyph = "▀"
                case (false, true): glyph = "▄"
                case (false, false): continue
                }
                canvas.put(glyph, x: column, y: cellRow, style: style)
            }
        }
    }
}
