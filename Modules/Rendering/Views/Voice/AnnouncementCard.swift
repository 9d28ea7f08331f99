import Domain

/// What a voice says of a session, drawn in cells as a caption under a speaker: the words
/// (``Announcement/words(of:)``), wrapped, and the level of the `voice` setting from which
/// they are said. The catalog shows and snapshots the spoken surface with it; the live app
/// speaks the same words.
///
/// Budget: 44 × 5 cells (``PresentationBudget/voice``): two lines of words.
public struct AnnouncementCard: CompositeView {
    /// The words said.
    public let words: String
    /// From which level they are said.
    public let level: Settings.Voice

    /// The card of `words`, said from `level`.
    public init(words: String, level: Settings.Voice) {
        self.words = words
        self.level = level
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let title = HStack(spacing: 1, [
            Text("🔈 Voice").bold().erased,
            Text("said from \(level.rawValue)").foreground(.secondary).erased,
        ])
        let rows: [AnyView] = [title.erased, Text("“\(words)”").wrapped().erased]
        return Budgeted(PresentationBudget.voice, VStack(rows).padding(horizontal: 1).border(.rounded)).erased
    }
}
