import Rendering

extension ViewKind {
    /// The first two parts of the kind's scenario ids: `LiveActivity/LockScreen`.
    public var catalogPath: String {
        switch self {
        case .timerScreen: return "Timer/Screen"
        case .lockScreen: return "LiveActivity/LockScreen"
        case .compactLeading: return "LiveActivity/CompactLeading"
        case .compactTrailing: return "LiveActivity/CompactTrailing"
        case .minimal: return "LiveActivity/Minimal"
        case .expanded: return "LiveActivity/Expanded"
        case .widgetSmall: return "Widgets/Small"
        case .widgetMedium: return "Widgets/Medium"
        case .historyList: return "History/List"
        case .stats: return "Stats/Overview"
        case .settings: return "Settings/Screen"
        case .presetPicker: return "Presets/Picker"
        case .liveScreen: return "Live/Screen"
        case .watchScreen: return "Live/Watch"
        case .lineOutput: return "Live/Lines"
        case .statusLine: return "StatusBars/Line"
        case .notification: return "LiveActivity/Notification"
        case .mediaPlayer: return "LiveActivity/MediaPlayer"
        case .dockEntry: return "LiveActivity/Dock"
        case .voice: return "LiveActivity/Voice"
        }
    }

    /// The group the kind is listed under: the first part of its ids.
    public var catalogGroup: String {
        String(catalogPath.split(separator: "/").first ?? "")
    }

    /// The size the kind is meant for: its budget, or 80 × 24 for a screen.
    public var naturalSize: Size {
        budget ?? Size(width: 80, height: 24)
    }

    /// Whether the live app draws this kind from pushed state, so the consistency test
    /// must cover each of its scenarios.
    public var isPushDriven: Bool {
        switch self {
        case .timerScreen, .lockScreen, .compactLeading, .compactTrailing, .minimal, .expanded, .statusLine, .notification, .mediaPlayer,
            .dockEntry, .voice:
            return true
        case .widgetSmall, .widgetMedium, .historyList, .stats, .settings, .presetPicker: return false
        case .liveScreen, .watchScreen, .lineOutput: return false
        }
    }

    /// Whether the kind shows what only the live app's loop makes (a model's overlays,
    /// its connection, its lines), so the consistency test must reach each of its
    /// scenarios by feeding the live model a key sequence.
    public var isLiveOnly: Bool {
        switch self {
        case .liveScreen, .watchScreen, .lineOutput: return true
        case .timerScreen, .lockScreen, .compactLeading, .compactTrailing, .minimal, .expanded, .widgetSmall,
            .widgetMedium, .historyList, .stats, .settings, .presetPicker, .statusLine, .notification, .mediaPlayer, .dockEntry, .voice:
            return false
        }
    }
}
