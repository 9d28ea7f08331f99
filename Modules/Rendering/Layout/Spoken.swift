/// A view read aloud as words: it draws its content as it is and says `text` of the
/// region it was given, for the transcript a screen reader speaks
/// (``TranscriptEncoder``). For a glyph that means something (a phase's mark, a ring):
/// the transcript then reads the meaning, not the glyph's name.
public struct Spoken: View {
    /// What is said.
    public let text: String
    /// What is drawn.
    public let content: AnyView

    /// `content`, read as `text`.
    public init(_ text: String, _ content: some View) {
        self.text = text
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        content.size(for: proposal, in: environment)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        canvas.speak(text)
        content.render(into: &canvas, environment: environment)
    }

    public var layoutPriority: Int { content.layoutPriority }
}

extension View {
    /// The view, read aloud as `text` (``Spoken``).
    public func spoken(_ text: String) -> Spoken { Spoken(text, self) }
}
