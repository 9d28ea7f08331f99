/// The list a session starts from: each preset with its key and length, the selection
/// marked, and the keys to move and start.
public struct PresetPicker: CompositeView {
    /// The presets, in the order shown.
    public let presets: [PresetOption]
    /// The selected preset's index, or `nil`.
    public let selection: Int?

    /// A picker of `presets`.
    public init(presets: [PresetOption], selection: Int? = nil) {
        self.presets = presets
        self.selection = selection
    }

    /// The picker's keys. The apps bind the same keys.
    public static let hints: [KeyHint] = [
        .init(key: "↑↓", label: "Move"), .init(key: "enter", label: "Start"), .init(key: "esc", label: "Back"),
    ]

    public func body(in environment: ViewEnvironment) -> AnyView {
        let rows: [any View] = presets.enumerated().map { index, preset in
            LabeledRow("[\(preset.key)] " + preset.name, value: preset.durationText, isSelected: index == selection)
        }
        let list: any View =
            presets.isEmpty
            ? Text("No presets yet. Start one with a length: moments start 10m").foreground(.secondary).wrapped()
            : ListView(rows, focus: selection)
        return VStack(spacing: environment.spacing(1), [
            list, Spacer(), KeyHintBar(Self.hints).layoutPriority(1),
        ]).padding(horizontal: 1).border(.rounded, title: "Start a session").erased
    }
}
