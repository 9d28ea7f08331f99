/// Text, sanitised, measured in cells and laid out to fit.
///
/// This is the toolkit's boundary for text that comes from data: the content is
/// sanitised when the view is made (see ``Sanitizer``), so a session name can never put a
/// control character or an escape sequence on the terminal. Line breaks in the content
/// start new lines; everything else is one paragraph per line.
///
/// By default each line is truncated with `…` to the width offered (``Wrapping/truncate``),
/// which suits labels in fixed budgets; ``Wrapping/wrap`` wraps at spaces instead. When
/// there are more lines than rows, the last row shown ends with `…`.
public struct Text: View {
    /// What happens to a line longer than the width.
    public enum Wrapping: Hashable, Sendable {
        /// Cut it, ending with `…`.
        case truncate
        /// Continue on the next row, breaking at spaces.
        case wrap
    }

    let paragraphs: [[Glyph]]
    /// The width of the widest paragraph, measured once.
    public let naturalWidth: Int
    /// The look, resolved against the palette when drawn.
    public var style: TextStyle
    /// Truncate or wrap.
    public var wrapping: Wrapping
    /// Where shorter lines sit when the text spans several.
    public var alignment: HorizontalAlignment

    /// Text with `content`, verbatim (no localisation, no markup), sanitised.
    public init(_ content: some StringProtocol, style: TextStyle = .plain) {
        paragraphs = TextLayout.paragraphs(content)
        naturalWidth = paragraphs.reduce(0) { max($0, TextLayout.width($1)) }
        self.style = style
        wrapping = .truncate
        alignment = .leading
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        if naturalWidth <= proposal.width, paragraphs.count <= proposal.height, naturalWidth > 0 {
            return Size(width: naturalWidth, height: paragraphs.count)
        }
        let lines = layout(proposal)
        return Size(width: lines.reduce(0) { max($0, TextLayout.width($1)) }, height: lines.count)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let cellStyle = environment.style(style)
        let lines = layout(canvas.size)
        let blockWidth = lines.reduce(0) { max($0, TextLayout.width($1)) }
        for (row, line) in lines.enumerated() {
            var x = alignment.offset(content: TextLayout.width(line), in: blockWidth)
            for glyph in line {
                canvas.putClean(glyph.character, cells: glyph.width, x: x, y: row, style: cellStyle)
                x += glyph.width
            }
        }
    }

    private func layout(_ proposal: Size) -> [[Glyph]] {
        if paragraphs.allSatisfy({ $0.isEmpty }) { return [] }
        return TextLayout.lines(paragraphs, width: proposal.width, height: proposal.height, wrap: wrapping == .wrap)
    }
}

extension Text {
    /// Heavier strokes.
    public func bold() -> Text { adding(.bold) }
    /// Fainter.
    public func dim() -> Text { adding(.dim) }
    /// Slanted.
    public func italic() -> Text { adding(.italic) }
    /// Underlined.
    public func underline() -> Text { adding(.underline) }
    /// Colours swapped: a selection that needs no colour.
    public func inverse() -> Text { adding(.inverse) }

    /// A text colour role.
    public func foreground(_ role: SemanticColor?) -> Text {
        var copy = self
        copy.style.foreground = role
        return copy
    }

    /// A background role.
    public func background(_ role: SemanticColor?) -> Text {
        var copy = self
        copy.style.background = role
        return copy
    }

    /// Wrap at spaces instead of truncating.
    public func wrapped(_ wrap: Bool = true) -> Text {
        var copy = self
        copy.wrapping = wrap ? .wrap : .truncate
        return copy
    }

    /// Where shorter lines sit.
    public func multilineAlignment(_ alignment: HorizontalAlignment) -> Text {
        var copy = self
        copy.alignment = alignment
        return copy
    }

    private func adding(_ attribute: TextAttributes) -> Text {
        var copy = self
        copy.style.attributes.insert(attribute)
        return copy
    }
}
