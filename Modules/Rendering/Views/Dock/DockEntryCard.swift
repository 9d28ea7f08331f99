/// `moments`' icon in the dock drawn in cells, as a dock shows a launcher entry: the icon's
/// name, a progress bar with its percent under it when the entry has one, and the urgent
/// mark while a bell rings. With no session it draws the bare icon.
///
/// Budget: 28 × 4 cells (``PresentationBudget/dockEntry``), an icon and its bar.
public struct DockEntryCard: CompositeView {
    /// What the entry shows, or `nil` with no session (nothing sent: the bare icon).
    public let content: DockEntryContent?

    /// The card of `content`.
    public init(content: DockEntryContent?) {
        self.content = content
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let content = self.content ?? .cleared
        var title: [AnyView] = [Text("◉ Little Moments").bold().erased]
        if content.urgent { title.append(Text("! bell").foreground(.warning).bold().erased) }
        var rows: [AnyView] = [HStack(spacing: 1, title).erased]
        if let progress = content.progress {
            rows.append(HStack(spacing: 1, [
                ProgressBar(fraction: progress).erased,
                Text("\(Int((progress * 100).rounded()))%").foreground(.secondary).layoutPriority(1).erased,
            ]).erased)
        } else {
            rows.append(Text(self.content == nil ? "no session" : "no progress shown").foreground(.secondary).erased)
        }
        return Budgeted(PresentationBudget.dockEntry, VStack(rows).padding(horizontal: 1).border(.rounded)).erased
    }
}
