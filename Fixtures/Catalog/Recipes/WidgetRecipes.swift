import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The small widget: a preset to start, or the last session to sit again.
public struct SmallWidgetRecipe: ControlledRecipe, Hashable {
    /// `preset` or `lastSession`.
    public var offer: String
    /// The key of the preset offered, among ``PresetOptionMother/makePresets(count:)``.
    public var presetKey: String
    /// The last session's name.
    public var lastName: String
    /// The last session's minutes.
    public var lastMinutes: Double

    /// A widget offering the preset on `presetKey`.
    public init(presetKey: String) {
        offer = "preset"
        self.presetKey = presetKey
        lastName = "Morning sit"
        lastMinutes = 10
    }

    /// A widget offering to sit again as in the session called `name`.
    public init(lastSessionNamed name: String, minutes: Double = 10) {
        offer = "lastSession"
        presetKey = "2"
        lastName = name
        lastMinutes = minutes
    }

    public static let controls: [RecipeControl<SmallWidgetRecipe>] = [
        .choice("offer", "Offer", \.offer, options: ["preset", "lastSession"]),
        .choice("presetKey", "Preset key", \.presetKey, options: PresetOptionMother.makePresets().map(\.key)),
        .text("lastName", "Last session's name", \.lastName),
        .number("lastMinutes", "Last session's minutes", \.lastMinutes, range: 1...480, step: 1),
    ]

    private var preset: PresetOption {
        PresetOptionMother.makePresets().first { $0.key == presetKey } ?? PresetOptionMother.makePreset()
    }

    /// The last session's name as a record can hold it (a refused one becomes the default).
    private var recordName: String {
        (try? SessionName(lastName).value) ?? "Morning sit"
    }

    private var content: SmallWidget.Content {
        guard offer == "lastSession" else { return .preset(preset) }
        let seconds = lastMinutes * 60
        return .lastSession(
            SessionRecordMother.makeRecord(name: recordName, plannedSeconds: seconds, actualSeconds: seconds), key: "r")
    }

    public var fixture: String {
        guard offer == "lastSession" else {
            let preset = self.preset
            let call = SwiftLiteral.call("PresetOptionMother.makePreset", [
                ("key", SwiftLiteral.string(preset.key)), ("name", SwiftLiteral.string(preset.name)),
                ("seconds", preset.seconds.map(SwiftLiteral.number) ?? "nil"),
            ])
            return "SmallWidget(content: .preset(\(call)))"
        }
        let seconds = SwiftLiteral.number(lastMinutes * 60)
        let record = SwiftLiteral.call("SessionRecordMother.makeRecord", [
            ("name", SwiftLiteral.string(recordName)), ("plannedSeconds", seconds), ("actualSeconds", seconds),
        ])
        return "SmallWidget(content: .lastSession(\(record), key: \"r\"))"
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }
    public func view() -> AnyView { SmallWidget(content: content).erased }
}

/// The medium widget: today's minutes, the streak and the presets.
public struct MediumWidgetRecipe: ControlledRecipe, Hashable {
    /// Minutes sat today.
    public var todayMinutes: Double
    /// Days in a row.
    public var streakDays: Double
    /// How many presets are offered (``PresetOptionMother/makePresets(count:)``).
    public var presetCount: Double

    /// A widget with these figures and `presetCount` presets.
    public init(todayMinutes: Double, streakDays: Int, presetCount: Int = 4) {
        self.todayMinutes = todayMinutes
        self.streakDays = Double(streakDays)
        self.presetCount = Double(presetCount)
    }

    public static let controls: [RecipeControl<MediumWidgetRecipe>] = [
        .number("todayMinutes", "Minutes today", \.todayMinutes, range: 0...1_440, step: 5),
        .number("streakDays", "Streak (days)", \.streakDays, range: 0...10_000, step: 1),
        .number("presetCount", "Presets", \.presetCount, range: 0...20, step: 1),
    ]

    public var fixture: String {
        SwiftLiteral.call("MediumWidget", [
            ("todayMinutes", SwiftLiteral.number(todayMinutes)), ("streakDays", SwiftLiteral.number(streakDays)),
            ("presets", Int(presetCount) == 4 ? "PresetOptionMother.makePresets()" : "PresetOptionMother.makePresets(count: \(Int(presetCount)))"),
        ])
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }

    public func view() -> AnyView {
        MediumWidget(
            todayMinutes: todayMinutes, streakDays: Int(streakDays),
            presets: PresetOptionMother.makePresets(count: Int(presetCount))
        ).erased
    }
}
