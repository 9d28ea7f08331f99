/// A horizontal bar filled to a fraction, with eighth-of-a-cell precision: `███▌░░░░`.
///
/// Left-eighth block elements (`▏▎▍▌▋▊▉`) draw the partial cell, so a 20-cell bar shows
/// 160 steps, enough that a five-minute session visibly moves every two seconds. The
/// track is drawn with `░`, so the bar's extent shows even without colour.
public struct ProgressBar: View {
    /// The fraction done, clamped to 0...1 (NaN counts as 0).
    public let fraction: Double
    /// The filled part's role.
    public let fill: SemanticColor
    /// The empty part's role.
    public let track: SemanticColor

    /// A bar at `fraction`.
    public init(fraction: Double, fill: SemanticColor = .accent, track: SemanticColor = .track) {
        self.fraction = fraction.isNaN ? 0 : min(1, max(0, fraction))
        self.fill = fill
        self.track = track
    }

    private static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Fills the offered width, one row high.
    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        Size(width: max(0, proposal.width), height: min(1, max(0, proposal.height)))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let width = canvas.size.width
        guard width > 0 else { return }
        canvas.speak("\(Int((fraction * 100).rounded(.down)))% done", over: Rect(x: 0, y: 0, width: width, height: 1))
        let eighths = Int((fraction * Double(width * 8)).rounded())
        let full = eighths / 8
        let partial = eighths % 8
        let fillStyle = environment.style(TextStyle(foreground: fill))
        canvas.repeatCharacter("█", count: full, x: 0, y: 0, style: fillStyle)
        if partial > 0 { canvas.put(Self.partials[partial - 1], x: full, y: 0, style: fillStyle) }
        let used = full + (partial > 0 ? 1 : 0)
        canvas.repeatCharacter("░", count: width - used, x: used, y: 0, style: environment.style(TextStyle(foreground: track)))
    }
}
