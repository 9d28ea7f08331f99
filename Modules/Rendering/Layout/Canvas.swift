/// A region of a frame that a view draws into, in its own coordinates.
///
/// The canvas is the toolkit's last line of defence: every character written through it
/// is sanitised (`Sanitizer.clean`) and measured, and anything outside
/// the region (or a wide cluster that would straddle its right edge) is dropped. A parent
/// draws a child with ``draw(_:in:environment:)``, which narrows the region for the
/// child and restores it afterwards.
public struct Canvas: Sendable {
    /// The frame being drawn.
    public private(set) var frame: Frame
    private var origin = Point(x: 0, y: 0)
    private var clip: Rect
    /// The region's size: what the parent gave this view.
    public private(set) var size: Size

    /// A canvas over the whole of `frame`.
    public init(frame: Frame) {
        self.frame = frame
        clip = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        size = Size(width: frame.width, height: frame.height)
    }

    /// Draws `view` in `rect` (in this region's coordinates), clipped to this region.
    public mutating func draw(_ view: some View, in rect: Rect, environment: ViewEnvironment) {
        let absolute = Rect(x: origin.x + rect.minX, y: origin.y + rect.minY, width: rect.size.width, height: rect.size.height)
        let narrowed = clip.intersection(absolute)
        guard !narrowed.isEmpty else { return }
        let saved = (origin, clip, size)
        origin = absolute.origin
        clip = narrowed
        size = Size(width: max(0, rect.size.width), height: max(0, rect.size.height))
        view.render(into: &self, environment: environment)
        (origin, clip, size) = saved
    }

    /// Writes one cluster at (`x`, `y`) and answers the columns it takes (0 for a cluster
    /// with nothing to stand on). A cluster not wholly inside the region is not written,
    /// but its width is still answered so that a caller's column count stays right.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: CellStyle) -> Int {
        let clean = Sanitizer.clean(character)
        return putClean(clean, cells: GraphemeWidth.width(of: clean), x: x, y: y, style: style)
    }

    /// Writes a cluster that is already sanitised and measured (a ``Text``'s glyphs are,
    /// once, when the text is made).
    @discardableResult
    mutating func putClean(_ character: Character, cells span: Int, x: Int, y: Int, style: CellStyle) -> Int {
        guard span > 0 else { return 0 }
        let column = origin.x + x
        let row = origin.y + y
        guard row >= clip.minY, row < clip.maxY, column >= clip.minX, column + span <= clip.maxX else { return span }
        frame.put(code: frame.code(for: character), cells: span, x: column, y: row, style: style)
        return span
    }

    /// Writes `text` on one row from (`x`, `y`) and answers the columns it took. Callers
    /// truncate first; the region clips whatever they did not.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, style: CellStyle) -> Int {
        var column = x
        for character in text { column += put(character, x: column, y: y, style: style) }
        return column - x
    }

    /// Writes `character` `count` times from (`x`, `y`), for rules and bars.
    public mutating func repeatCharacter(_ character: Character, count: Int, x: Int, y: Int, style: CellStyle) {
        let clean = Sanitizer.clean(character)
        let span = GraphemeWidth.width(of: clean)
        let row = origin.y + y
        guard span > 0, count > 0, row >= clip.minY, row < clip.maxY else { return }
        let code = frame.code(for: clean)
        var column = origin.x + x
        for _ in 0..<count {
            if column >= clip.minX, column + span <= clip.maxX {
                frame.put(code: code, cells: span, x: column, y: row, style: style)
            }
            column += span
        }
    }

    /// Says `text` of this region's cells (or of `rect` within it), for a screen reader's
    /// transcript: what a view drawn in glyphs shows in words (big digits: the time; a
    /// bar: its percentage). Clipped to the region; nothing is said of a region not drawn.
    public mutating func speak(_ text: String, over rect: Rect? = nil) {
        let local = rect ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
        let absolute = Rect(x: origin.x + local.minX, y: origin.y + local.minY, width: local.size.width, height: local.size.height)
        frame.speak(text, over: clip.intersection(absolute))
    }

    /// Blanks the whole region in `style`: a background.
    public mutating func fill(_ style: CellStyle) {
        frame.fill(x: clip.minX, y: clip.minY, width: clip.size.width, height: clip.size.height, style: style)
    }
}

extension Frame {
    /// `view` drawn into a new frame of `width` × `height`: the one way both apps, the
    /// tests and the benchmarks turn a view into cells.
    public init(rendering view: some View, width: Int, height: Int, environment: ViewEnvironment) {
        var canvas = Canvas(frame: Frame(width: width, height: height))
        canvas.draw(view, in: Rect(x: 0, y: 0, width: width, height: height), environment: environment)
        self = canvas.frame
    }
}
