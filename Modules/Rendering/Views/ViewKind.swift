/// Every view the apps assemble, for the scenario catalog to enumerate: a new view added
/// here is one the showcase, the property test and the benchmarks must cover.
public enum ViewKind: String, Hashable, Sendable, CaseIterable {
    /// ``TimerScreen``: the live app's main screen, filling the terminal.
    case timerScreen
    /// ``LockScreenBanner``.
    case lockScreen
    /// ``CompactLeading``.
    case compactLeading
    /// ``CompactTrailing``.
    case compactTrailing
    /// ``MinimalPresentation``.
    case minimal
    /// ``ExpandedPresentation``.
    case expanded
    /// ``SmallWidget``.
    case widgetSmall
    /// ``MediumWidget``.
    case widgetMedium
    /// ``HistoryList``.
    case historyList
    /// ``StatsView``.
    case stats
    /// ``SettingsView``.
    case settings
    /// ``PresetPicker``.
    case presetPicker
    /// ``SessionScreen`` of the session's owner in the states only the live app shows:
    /// connecting, a question or panel open, an intent pending, a refusal.
    case liveScreen
    /// ``WatchScreen``: `moments watch`, the chosen presentations under their titles.
    case watchScreen
    /// ``LineTranscript``: what `moments start` prints without a terminal.
    case lineOutput
    /// ``StatusLinePreview``: `moments status` in each format, for bars and tmux.
    case statusLine
    /// ``NotificationCard``: the desktop notification `moments notify` keeps.
    case notification
    /// ``MediaPlayerCard``: the media player on the desktop's lock screen that
    /// `moments notify` keeps.
    case mediaPlayer
    /// ``DockEntryCard``: `moments`' icon in the dock, with the session's progress.
    case dockEntry
    /// ``AnnouncementCard``: what a voice says of the session (`--voice`).
    case voice

    /// The fixed cell budget of a presentation or widget (``PresentationBudget``), or
    /// `nil` for a screen that fills the terminal.
    public var budget: Size? {
        switch self {
        case .lockScreen: return PresentationBudget.lockScreen
        case .compactLeading: return PresentationBudget.compactLeading
        case .compactTrailing: return PresentationBudget.compactTrailing
        case .minimal: return PresentationBudget.minimal
        case .expanded: return PresentationBudget.expanded
        case .widgetSmall: return PresentationBudget.widgetSmall
        case .widgetMedium: return PresentationBudget.widgetMedium
        case .notification: return PresentationBudget.notification
        case .mediaPlayer: return PresentationBudget.mediaPlayer
        case .dockEntry: return PresentationBudget.dockEntry
        case .voice: return PresentationBudget.voice
        case .timerScreen, .historyList, .stats, .settings, .presetPicker, .liveScreen, .watchScreen, .lineOutput,
            .statusLine:
            return nil
        }
    }

    /// Whether the view changes with the text size (``TextSize``): the full-screen views
    /// and the medium widget, whose spacing and digits grow with it. A Live Activity's
    /// presentations, the small widget, a status line, a notification and the line output
    /// have the platform's fixed size, and the lists keep one row per line: the showcase
    /// offers their one size only, and a test holds this list to what the views draw.
    public var followsTextSize: Bool {
        switch self {
        case .timerScreen, .liveScreen, .stats, .widgetMedium: return true
        case .lockScreen, .compactLeading, .compactTrailing, .minimal, .expanded, .widgetSmall, .historyList, .settings,
            .presetPicker, .watchScreen, .lineOutput, .statusLine, .notification, .mediaPlayer, .dockEntry, .voice:
            return false
        }
    }

    /// A person's name for it, for the showcase's menu.
    public var title: String {
        switch self {
        case .timerScreen: return "Timer screen"
        case .lockScreen: return "Lock screen banner"
        case .compactLeading: return "Dynamic Island · compact leading"
        case .compactTrailing: return "Dynamic Island · compact trailing"
        case .minimal: return "Dynamic Island · minimal"
        case .expanded: return "Dynamic Island · expanded"
        case .widgetSmall: return "Widget · small"
        case .widgetMedium: return "Widget · medium"
        case .historyList: return "History"
        case .stats: return "Stats"
        case .settings: return "Settings"
        case .presetPicker: return "Preset picker"
        case .liveScreen: return "Live screen"
        case .watchScreen: return "Watch screen"
        case .lineOutput: return "Line output"
        case .statusLine: return "Status line"
        case .notification: return "Desktop notification"
        case .mediaPlayer: return "Desktop media player"
        case .dockEntry: return "Dock icon"
        case .voice: return "Voice"
        }
    }
}
