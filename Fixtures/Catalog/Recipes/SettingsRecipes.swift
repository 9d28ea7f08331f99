import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The settings screen: every setting as a control, and the row selected.
public struct SettingsRecipe: ControlledRecipe, Hashable {
    /// The default length in seconds.
    public var defaultDurationSeconds: Double
    /// Whether seconds are shown.
    public var showSeconds: Bool
    /// Count up or down.
    public var timeDisplay: Settings.TimeDisplay
    /// Minutes between interval bells; zero for none.
    public var intervalBellMinutes: Double
    /// Whether the end bell rings.
    public var endBell: Bool
    /// Whether a desktop notification is sent.
    public var desktopNotification: Bool
    /// How loud the bowl rings, in percent.
    public var bellVolume: Double
    /// The bells chosen, in the words `settings set bells` reads (`BellProgram.text`);
    /// empty to follow the interval and end bells.
    public var bells: String
    /// The command of the end hook; empty for none.
    public var hookEnd: String
    /// The selected row's key (`Settings.Key`), or `none`.
    public var selection: String

    /// A screen of `settings` with `selection` selected.
    public init(settings: Settings, selection: Settings.Key? = nil) {
        defaultDurationSeconds = settings.defaultDurationSeconds
        showSeconds = settings.showSeconds
        timeDisplay = settings.timeDisplay
        intervalBellMinutes = Double(settings.intervalBellMinutes ?? 0)
        endBell = settings.endBell
        desktopNotification = settings.desktopNotification
        bellVolume = Double(settings.bellVolume)
        bells = settings.bells?.text ?? ""
        hookEnd = settings.hooks[.end] ?? ""
        self.selection = selection?.rawValue ?? "none"
    }

    public static let controls: [RecipeControl<SettingsRecipe>] = [
        .number("defaultDurationSeconds", "Default length (seconds)", \.defaultDurationSeconds, range: SessionLimits.targetRange, step: 60),
        .toggle("showSeconds", "Show seconds", \.showSeconds),
        .choice("timeDisplay", "Time shown", \.timeDisplay),
        .number("intervalBellMinutes", "Interval bell (minutes, 0: off)", \.intervalBellMinutes, range: 0...480, step: 1),
        .toggle("endBell", "End bell", \.endBell),
        .toggle("desktopNotification", "Desktop notification", \.desktopNotification),
        .number("bellVolume", "Bell volume (%)", \.bellVolume, range: 0...100, step: 5),
        .text("bells", "Bells (zen, warm-up=30s every=5m end=3, none; empty: the bells above)", \.bells),
        .text("hookEnd", "Hook at end (a command; empty: off)", \.hookEnd),
        .choice("selection", "Selected row", \.selection, options: ["none"] + Settings.Key.allCases.map(\.rawValue)),
    ]

    /// The settings, made and checked by ``SettingsMother``.
    public var settings: Settings {
        let interval = Int(intervalBellMinutes)
        return SettingsMother.makeSettings(
            defaultDurationSeconds: defaultDurationSeconds, showSeconds: showSeconds, timeDisplay: timeDisplay,
            intervalBellMinutes: interval > 0 ? interval : nil, endBell: endBell, desktopNotification: desktopNotification,
            bellVolume: Int(bellVolume), bells: BellProgramMother.makeChosen(text: bells),
            hooks: (try? SessionHooks.checked(hookEnd, for: .end)).map { [.end: $0] } ?? [:])
    }

    private var selectedKey: Settings.Key? { Settings.Key(rawValue: selection) }

    public var fixture: String {
        let settings = self.settings
        let defaults = SettingsMother.makeSettings()
        var arguments = MotherArguments()
        arguments.add("defaultDurationSeconds", settings.defaultDurationSeconds, default: defaults.defaultDurationSeconds, as: SwiftLiteral.number)
        arguments.add("showSeconds", settings.showSeconds, default: defaults.showSeconds) { String($0) }
        arguments.add("timeDisplay", settings.timeDisplay, default: defaults.timeDisplay) { "." + $0.rawValue }
        arguments.add("intervalBellMinutes", settings.intervalBellMinutes, default: defaults.intervalBellMinutes) {
            $0.map(String.init) ?? "nil"
        }
        arguments.add("endBell", settings.endBell, default: defaults.endBell) { String($0) }
        arguments.add("desktopNotification", settings.desktopNotification, default: defaults.desktopNotification) { String($0) }
        arguments.add("bellVolume", settings.bellVolume, default: defaults.bellVolume) { String($0) }
        arguments.add("bells", settings.bells?.text, default: nil) {
            $0.map { "BellProgramMother.makeChosen(text: \(SwiftLiteral.string($0)))" } ?? "nil"
        }
        arguments.add("hooks", settings.hooks[.end], default: nil) {
            $0.map { "[.end: \(SwiftLiteral.string($0))]" } ?? "[:]"
        }
        var view = MotherArguments()
        view.add("settings", code: SwiftLiteral.call("SettingsMother.makeSettings", arguments.list))
        view.add("selection", selectedKey, default: nil) { $0.map { "." + String(describing: $0) } ?? "nil" }
        return SwiftLiteral.call("SettingsView", view.list)
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }
    public func view() -> AnyView { SettingsView(settings: settings, selection: selectedKey).erased }
}

/// The preset picker: a set of presets and the row selected.
public struct PresetPickerRecipe: ControlledRecipe, Hashable {
    /// How many presets (``PresetOptionMother/makePresets(count:)``), or the stressing
    /// names when `stressingNames` is on.
    public var count: Double
    /// Presets named with the names that stress a terminal instead.
    public var stressingNames: Bool
    /// The selected row; below zero for none.
    public var selection: Double

    /// A picker of `count` presets with row `selection` selected.
    public init(count: Int = 4, stressingNames: Bool = false, selection: Int? = nil) {
        self.count = Double(count)
        self.stressingNames = stressingNames
        self.selection = selection.map(Double.init) ?? -1
    }

    public static let controls: [RecipeControl<PresetPickerRecipe>] = [
        .number("count", "Presets", \.count, range: 0...20, step: 1),
        .toggle("stressingNames", "Long, emoji, CJK and RTL names", \.stressingNames),
        .number("selection", "Selected row (-1: none)", \.selection, range: -1...19, step: 1),
    ]

    private var presets: [PresetOption] {
        stressingNames ? PresetOptionMother.makeStressing() : PresetOptionMother.makePresets(count: Int(count))
    }

    private var selectedRow: Int? { selection >= 0 ? Int(selection) : nil }

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add(
            "presets",
            code: stressingNames
                ? "PresetOptionMother.makeStressing()"
                : Int(count) == 4 ? "PresetOptionMother.makePresets()" : "PresetOptionMother.makePresets(count: \(Int(count)))")
        arguments.add("selection", selectedRow, default: nil) { $0.map(String.init) ?? "nil" }
        return SwiftLiteral.call("PresetPicker", arguments.list)
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }
    public func view() -> AnyView { PresetPicker(presets: presets, selection: selectedRow).erased }
}
