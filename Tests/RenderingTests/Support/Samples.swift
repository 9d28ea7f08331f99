import Domain
import Fixtures
import Rendering
import Testing

/// One or more sample views for every ``ViewKind``, built from Mothers: what the property
/// test and the snapshots run through.
enum Samples {
    /// A named view in a state.
    struct Sample: Sendable, CustomTestStringConvertible {
        let kind: ViewKind
        let state: String
        let view: AnyView
        var name: String { "\(kind.rawValue).\(state)" }
        var testDescription: String { name }
    }

    static func session(
        _ content: ContentState = ContentStateMother.makeInProgress(),
        name: String = "Morning sit", timeDisplay: Settings.TimeDisplay = .elapsed,
        connection: SessionDisplay.Connection = .live
    ) -> SessionDisplay {
        SessionDisplay(name: name, content: content, timeDisplay: timeDisplay, connection: connection)
    }

    /// The session states every session view is shown in.
    static let sessions: [(String, SessionDisplay)] = [
        ("running", session()),
        ("paused", session(ContentStateMother.makePaused())),
        ("completed", session(ContentStateMother.makeCompleted())),
        ("remaining", session(timeDisplay: .remaining)),
        ("openEnded", session(ContentStateMother.makeOpenEnded(), name: "Open sit")),
        ("hoursLong", session(ContentStateMother.makeHoursLong(), name: SessionAttributesMother.longName)),
        ("reconnecting", session(connection: .reconnecting)),
        ("stale", session(connection: .stale)),
        ("cancelled", session(ContentStateMother.makeCancelled())),
        ("emoji", session(name: SessionAttributesMother.emojiName)),
        ("cjk", session(name: SessionAttributesMother.cjkName)),
        ("hostile", session(name: "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}name")),
    ]

    static func sessionViews(_ kind: ViewKind, _ make: (SessionDisplay) -> any View) -> [Sample] {
        sessions.map { Sample(kind: kind, state: $0.0, view: AnyView(make($0.1))) }
    }

    /// Every view in its states.
    static let all: [Sample] = {
        var samples: [Sample] = []
        samples += sessionViews(.timerScreen) { TimerScreen(session: $0) }
        samples += sessionViews(.lockScreen) { LockScreenBanner(session: $0) }
        samples += sessionViews(.compactLeading) { CompactLeading(session: $0) }
        samples += sessionViews(.compactTrailing) { CompactTrailing(session: $0) }
        samples += sessionViews(.minimal) { MinimalPresentation(session: $0) }
        samples += sessionViews(.expanded) { ExpandedPresentation(session: $0) }
        let presets = PresetOptionMother.makePresets()
        let year = SessionRecordMother.makeYear()
        samples += [
            Sample(kind: .widgetSmall, state: "preset", view: AnyView(SmallWidget(content: .preset(presets[1])))),
            Sample(kind: .widgetSmall, state: "lastSession", view: AnyView(SmallWidget(
                content: .lastSession(SessionRecordMother.makeRecord(name: SessionAttributesMother.longName), key: "r")))),
            Sample(kind: .widgetMedium, state: "streak", view: AnyView(MediumWidget(todayMinutes: 25, streakDays: 7, presets: presets))),
            Sample(kind: .widgetMedium, state: "new", view: AnyView(MediumWidget(todayMinutes: 0, streakDays: 0, presets: []))),
            Sample(kind: .historyList, state: "year", view: AnyView(HistoryList(records: year.reversed()))),
            Sample(kind: .historyList, state: "few", view: AnyView(HistoryList(records: [
                SessionRecordMother.makeRecord(),
                SessionRecordMother.makeRecord(name: SessionAttributesMother.cjkName, startedAt: InstantMother.makeInstant(secondsAfterMorning: -86_400), actualSeconds: 300, outcome: .finishedEarly),
                SessionRecordMother.makeRecord(name: SessionAttributesMother.emojiName, startedAt: InstantMother.makeInstant(secondsAfterMorning: -90_000), actualSeconds: 60, outcome: .cancelled),
            ]))),
            Sample(kind: .historyList, state: "empty", view: AnyView(HistoryList(records: []))),
            Sample(kind: .stats, state: "year", view: AnyView(StatsView(stats: SessionStatsMother.makeStats()))),
            Sample(kind: .stats, state: "empty", view: AnyView(StatsView(stats: SessionStatsMother.makeEmpty()))),
            Sample(kind: .settings, state: "standard", view: AnyView(SettingsView(settings: SettingsMother.makeSettings(), selection: .showSeconds))),
            Sample(kind: .settings, state: "minimalist", view: AnyView(SettingsView(settings: SettingsMother.makeMinimalist()))),
            Sample(kind: .presetPicker, state: "selected", view: AnyView(PresetPicker(presets: presets, selection: 1))),
            Sample(kind: .presetPicker, state: "empty", view: AnyView(PresetPicker(presets: []))),
        ]
        return samples
    }()

    /// The size a sample is shown at in snapshots: its budget, or a common terminal.
    static func snapshotSize(_ kind: ViewKind) -> Size {
        kind.budget ?? Size(width: 80, height: 24)
    }
}
