import Domain

/// Past sessions, one per row: day, time, name, time sat and how it ended. As many rows
/// as fit are shown and the rest counted; with no sessions, a word on how to start.
public struct HistoryList: CompositeView {
    /// The records, in the order shown (the caller puts the newest first).
    public let records: [SessionRecord]
    /// The row that must stay visible, or `nil`.
    public let focus: Int?

    /// A list of `records`.
    public init(records: [SessionRecord], focus: Int? = nil) {
        self.records = records
        self.focus = focus
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let title = records.count == 1 ? "History · 1 session" : "History · \(records.count) sessions"
        guard !records.isEmpty else {
            let empty = VStack(alignment: .center, [
                Text("No sessions yet").bold(),
                Text("Press [n] to sit for the first time.").foreground(.secondary).wrapped().multilineAlignment(.center),
            ]).frame(maxWidth: .max, maxHeight: .max)
            return empty.border(.rounded, title: "History").erased
        }
        let rows: [any View] = records.map { HistoryRow(record: $0) }
        return ListView(rows, focus: focus).padding(horizontal: 1).border(.rounded, title: title).erased
    }
}

/// One past session: `Fri, Nov 21  7:30 AM  Morning sit      10 min ✓`. The name shrinks
/// first, then the time of day, then the day.
struct HistoryRow: CompositeView {
    let record: SessionRecord

    func body(in environment: ViewEnvironment) -> AnyView {
        let phase = SessionPhase(outcome: record.outcome)
        let sat = timerDisplayFromSeconds(seconds: record.actualSeconds, showSeconds: false)
        return HStack(spacing: 2, [
            Text(HistoryFormat.day(record.startedAt, environment)).foreground(.secondary)
                .frame(minWidth: 11, alignment: .leading).layoutPriority(2),
            Text(HistoryFormat.time(record.startedAt, environment)).foreground(.secondary)
                .frame(minWidth: 8, alignment: .trailing).layoutPriority(1),
            Text(record.name.value),
            Spacer(),
            HStack(spacing: 1, [Text(sat).bold(), Text(String(phase.symbol)).foreground(phase.color)]).layoutPriority(3),
        ]).erased
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
