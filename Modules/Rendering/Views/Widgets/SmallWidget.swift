import Domain

/// The small widget: one tap (here, one key) to start a preset, or to sit again as last
/// time.
///
/// Budget: 22 × 11 cells (``PresentationBudget/widgetSmall``), the platform's 170-point
/// square.
public struct SmallWidget: CompositeView {
    /// What the widget offers.
    public enum Content: Hashable, Sendable {
        /// Start this preset.
        case preset(PresetOption)
        /// Sit again as in this session, with this key.
        case lastSession(SessionRecord, key: String)
    }

    /// What the widget offers.
    public let content: Content

    /// A small widget.
    public init(content: Content) {
        self.content = content
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let rows: [any View]
        let key: String
        switch content {
        case .preset(let preset):
            key = preset.key
            rows = [
                Text("Start").foreground(.secondary),
                Text(preset.name).bold().wrapped().layoutPriority(1),
                Text(preset.durationText).bold().foreground(.accent).layoutPriority(2),
            ]
        case .lastSession(let record, let lastKey):
            key = lastKey
            let sat = satDurationText(seconds: record.actualSeconds)
            rows = [
                Text("Last session").foreground(.secondary),
                Text(record.name.value).bold().wrapped().layoutPriority(1),
                Text(sat).bold().foreground(.accent).layoutPriority(2),
                Text(DateText.day(record.startedAt, environment)).foreground(.secondary),
            ]
        }
        let body = VStack(rows + [Spacer(), KeyHintBar([KeyHint(key: key, label: "Start")]).layoutPriority(3)])
        return Budgeted(PresentationBudget.widgetSmall, body.padding(horizontal: 1).border(.rounded, title: "Moments")).erased
    }
}
