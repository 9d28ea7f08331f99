/// The desktop notification drawn in cells, as a notification server would show it: the
/// summary in bold, the body, a progress bar with its percent, and the actions as
/// buttons. With no session it draws the closed notification's note.
///
/// Budget: 44 × 7 cells (``PresentationBudget/notification``), about the 300-pixel
/// bubble of dunst's and GNOME's default width.
public struct NotificationCard: CompositeView {
    /// What the notification says, or `nil` when there is none (no session).
    public let content: NotificationContent?

    /// The card of `content`.
    public init(content: NotificationContent?) {
        self.content = content
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        guard let content else {
            return Budgeted(PresentationBudget.notification, Text("(no notification: no session)").foreground(.secondary)).erased
        }
        var rows: [AnyView] = [
            Text(content.summary).bold().layoutPriority(2).erased,
            Text(content.body).foreground(content.urgency == .low ? .primary : .warning).layoutPriority(2).erased,
        ]
        if let percent = content.progressPercent {
            rows.append(HStack(spacing: 1, [
                ProgressBar(fraction: Double(percent) / 100).erased, Text("\(percent)%").foreground(.secondary).layoutPriority(1).erased,
            ]).erased)
        }
        if !content.actions.isEmpty {
            rows.append(HStack(spacing: 1, content.actions.map { Text("[\($0.label)]").foreground(.accent).erased }).erased)
        }
        return Budgeted(PresentationBudget.notification, VStack(rows).padding(horizontal: 1).border(.rounded)).erased
    }
}
