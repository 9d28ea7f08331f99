import Domain

/// Past sessions, one per row: day, time, name, time sat and how it ended. As many rows
/// as fit are shown and the rest counted; with no sessions, a word on how to start.
public struct HistoryList: CompositeView {
    /// The records, in the order shown (the caller puts the newest first).
    public let records: [SessionRecord]
    /// The row that must stay visible, or `nil`.
    public let focus: Int?
    /// What the list says when there is nothing to list.
    public let empty: EmptyState

    /// The title and hint of an empty list: the app's history screen tells a person which
    /// key starts a session; a command line that printed it tells them what to type.
    public struct EmptyState: Hashable, Sendable {
        /// The bold line: what is (not) there.
        public let title: String
        /// The line below: what to do about it.
        public let hint: String

        /// An empty state.
        public init(title: String, hint: String) {
            self.title = title
            self.hint = hint
        }

        /// The history screen's: no session yet, and the key that starts one.
        public static let firstSession = EmptyState(title: "No sessions yet", hint: "Press [n] to sit for the first time.")
    }

    /// A list of `records`.
    public init(records: [SessionRecord], focus: Int? = nil, empty: EmptyState = .firstSession) {
        self.records = records
        self.focus = focus
        self.empty = empty
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let title = records.count == 1 ? "History · 1 session" : "History · \(records.count) sessions"
        guard !records.isEmpty else {
            let empty = VStack(alignment: .center, [
                Text(empty.title).bold(),
                Text(empty.hint).foreground(.secondary).wrapped().multilineAlignment(.center),
            ]).frame(maxWidth: .max, maxHeight: .max)
            return empty.border(.rounded, title: "History").erased
        }
        let list = self
        return Responsive { size, environment in
            list.rows(capacity: max(0, size.height - 2), environment).padding(horizontal: 1).border(.rounded, title: title).erased
        }.erased
    }
}

extension HistoryList {
    /// The rows that fit `capacity` lines, around the focus, with a last line counting the
    /// rest. Only these rows are built, so a history of thousands formats a screenful of
    /// dates per frame.
    fileprivate func rows(capacity: Int, _ environment: ViewEnvironment) -> AnyView {
        guard records.count > capacity else {
            return VStack(records.map { HistoryRow(record: $0, environment: environment) }).erased
        }
        let shown = max(0, capacity - 1)
        let focusIndex = min(max(focus ?? 0, 0), records.count - 1)
        let start = min(max(0, focusIndex - shown + 1), records.count - shown)
        let window = records[start..<(start + shown)]
        return VStack([
            VStack(window.map { HistoryRow(record: $0, environment: environment) }),
            Text("… \(records.count - shown) more").foreground(.secondary),
        ]).erased
    }
}

/// One past session: `Fri, Nov 21   7:30 AM  Morning sit      10 min ✓`, in columns. The
/// name shrinks first; when even an ellipsis of it no longer fits, the time of day goes,
/// then the day. Laid out by arithmetic rather than stacks: a history screen is sixty of
/// these, measured and drawn every frame.
struct HistoryRow: View {
    let day: Text
    let time: Text
    let name: Text
    let sat: Text
    let mark: Text

    /// Dates are formatted once, when the row is made.
    init(record: SessionRecord, environment: ViewEnvironment) {
        let phase = SessionPhase(outcome: record.outcome)
        day = Text(DateText.day(record.startedAt, environment)).foreground(.secondary)
        time = Text(DateText.time(record.startedAt, environment)).foreground(.secondary)
        name = Text(record.name.value)
        sat = Text(satDurationText(seconds: record.actualSeconds)).bold()
        mark = Text(String(phase.symbol)).foreground(phase.color)
    }

    /// Column widths for `width`: day, time, the trailing block (time sat and mark).
    private func columns(_ width: Int) -> (day: Int, time: Int, trailing: Int) {
        let trailing = sat.naturalWidth + 1 + mark.naturalWidth
        let day = max(11, self.day.naturalWidth)
        let time = max(8, self.time.naturalWidth)
        if day + 2 + time + 2 + 4 + 2 + trailing <= width { return (day, time, trailing) }
        if day + 2 + 4 + 2 + trailing <= width { return (day, 0, trailing) }
        return (0, 0, min(trailing, width))
    }

    func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        proposal.width > 0 && proposal.height > 0 ? Size(width: proposal.width, height: 1) : .zero
    }

    func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let width = canvas.size.width
        let (dayWidth, timeWidth, trailing) = columns(width)
        var x = 0
        if dayWidth > 0 {
            canvas.draw(day, in: Rect(x: 0, y: 0, width: dayWidth, height: 1), environment: environment)
            x = dayWidth + 2
        }
        if timeWidth > 0 {
            let offset = timeWidth - time.naturalWidth
            canvas.draw(time, in: Rect(x: x + offset, y: 0, width: time.naturalWidth, height: 1), environment: environment)
            x += timeWidth + 2
        }
        let nameWidth = max(0, width - trailing - 2 - x)
        canvas.draw(name, in: Rect(x: x, y: 0, width: nameWidth, height: 1), environment: environment)
        let trailingX = width - trailing
        canvas.draw(sat, in: Rect(x: trailingX, y: 0, width: sat.naturalWidth, height: 1), environment: environment)
        let markX = trailingX + sat.naturalWidth + 1
        canvas.draw(mark, in: Rect(x: markX, y: 0, width: mark.naturalWidth, height: 1), environment: environment)
    }
}

extension SessionPhase {
    /// The phase of a session that ended this way.
    init(outcome: SessionOutcome) {
        switch outcome {
        case .completed: self = .completed
        case .finishedEarly: self = .finishedEarly
        case .cancelled: self = .cancelled
        case .expired: self = .expired
        }
    }
}
