import Domain

/// The settings, one per row with its current value, the selected row marked, and the
/// keys to move and change.
public struct SettingsView: CompositeView {
    /// The settings shown.
    public let settings: Settings
    /// The selected setting, or `nil`.
    public let selection: Settings.Key?
    /// The keys shown below the list; none (for a list printed once, where no key does
    /// anything) leaves the list alone.
    public let hints: [KeyHint]

    /// A settings screen.
    public init(settings: Settings, selection: Settings.Key? = nil, hints: [KeyHint] = SettingsView.hints) {
        self.settings = settings
        self.selection = selection
        self.hints = hints
    }

    /// The screen's keys. The apps bind the same keys.
    public static let hints: [KeyHint] = [
        .init(key: "↑↓", label: "Move"), .init(key: "enter", label: "Change"), .init(key: "esc", label: "Back"),
    ]

    /// The label a person reads for a setting.
    public static func label(_ key: Settings.Key) -> String {
        switch key {
        case .defaultDuration: return "Default length"
        case .showSeconds: return "Show seconds"
        case .timeDisplay: return "Time shown"
        case .intervalBell: return "Interval bell"
        case .endBell: return "End bell"
        case .desktopNotification: return "Desktop notification"
        case .bellVolume: return "Bell volume"
        case .bells: return "Bells"
        case .hookStart: return "Hook at start"
        case .hookBell: return "Hook at each bell"
        case .hookEnd: return "Hook at end"
        case .accessible: return "Accessible lines"
        case .voice: return "Voice"
        }
    }

    /// The value a person reads: durations by `timerDisplayFromSeconds(seconds:showSeconds:)`.
    public static func value(_ key: Settings.Key, of settings: Settings) -> String {
        switch key {
        case .defaultDuration:
            return timerDisplayFromSeconds(seconds: settings.defaultDurationSeconds, showSeconds: settings.showSeconds)
        case .showSeconds: return settings.showSeconds ? "on" : "off"
        case .timeDisplay: return settings.timeDisplay == .elapsed ? "elapsed" : "remaining"
        case .intervalBell:
            return settings.intervalBellMinutes.map {
                "every " + timerDisplayFromSeconds(seconds: Double($0) * 60, showSeconds: false)
            } ?? "off"
        case .endBell: return settings.endBell ? "on" : "off"
        case .desktopNotification: return settings.desktopNotification ? "on" : "off"
        case .bellVolume: return "\(settings.bellVolume)%"
        case .bells: return settings.bellProgram.summary
        case .hookStart, .hookBell, .hookEnd: return key.hookEvent.flatMap { settings.hooks[$0] } ?? "off"
        case .accessible:
            switch settings.accessible {
            case .off: return "off"
            case .on: return "on"
            case .minutes: return "on, each minute"
            }
        case .voice:
            switch settings.voice {
            case .off: return "off"
            case .bells: return "bells and end"
            case .minutes: return "bells, minutes"
            case .all: return "everything"
            }
        }
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let keys = Settings.Key.allCases
        let rows: [any View] = keys.map { key in
            LabeledRow(Self.label(key), value: Self.value(key, of: settings), isSelected: key == selection, valueColor: .accent)
        }
        let focus = selection.flatMap { keys.firstIndex(of: $0) }
        let list = ListView(rows, focus: focus)
        let content: any View =
            hints.isEmpty
            ? list
            : VStack(spacing: environment.spacing(1), [list, Spacer(), KeyHintBar(hints).layoutPriority(1)])
        return content.padding(horizontal: 1).border(.rounded, title: "Settings").erased
    }
}
