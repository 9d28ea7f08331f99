import Domain
import Foundation
import Rendering

/// The settings screen: every setting as a control, and the row selected.
public struct SettingsRecipe: ScenarioRecipe, Hashable {
    /// The settings shown.
    public var settings: Settings
    /// The selected row, or `nil`.
    public var selection: Settings.Key?

    /// A screen of `settings` with `selection` selected.
    public init(settings: Settings, selection: Settings.Key? = nil) {
        self.settings = settings
        self.selection = selection
    }

    public func editing(_ inputs: ScenarioInputs) -> SettingsRecipe {
        var copy = self
        let interval = Int(inputs.number("intervalBellMinutes", or: Double(settings.intervalBellMinutes ?? 0)))
        copy.settings = SettingsMother.makeSettings(
            defaultDurationSeconds: inputs.number("defaultDurationSeconds", or: settings.defaultDurationSeconds),
            showSeconds: inputs.toggle("showSeconds", or: settings.showSeconds),
            timeDisplay: Settings.TimeDisplay(rawValue: inputs.choice("timeDisplay", or: "")) ?? settings.timeDisplay,
            intervalBellMinutes: interval > 0 ? interval : nil,
            endBell: inputs.toggle("endBell", or: settings.endBell),
            desktopNotification: inputs.toggle("desktopNotification", or: settings.desktopNotification))
        let selected = inputs.choice("selection", or: selection?.rawValue ?? "none")
        copy.selection = Settings.Key(rawValue: selected)
        return copy
    }

    public var inputs: ScenarioInputs {
        ScenarioInputs([
            ScenarioInput(
                "defaultDurationSeconds", "Default length (seconds)",
                .number(settings.defaultDurationSeconds, range: SessionLimits.targetRange, step: 60)),
            ScenarioInput("showSeconds", "Show seconds", .toggle(settings.showSeconds)),
            ScenarioInput(
                "timeDisplay", "Time shown",
                .choice(settings.timeDisplay.rawValue, options: Settings.TimeDisplay.allCases.map(\.rawValue))),
            ScenarioInput(
                "intervalBellMinutes", "Interval bell (minutes, 0: off)",
                .number(Double(settings.intervalBellMinutes ?? 0), range: 0...60, step: 1)),
            ScenarioInput("endBell", "End bell", .toggle(settings.endBell)),
            ScenarioInput("desktopNotification", "Desktop notification", .toggle(settings.desktopNotification)),
            ScenarioInput(
                "selection", "Selected row",
                .choice(selection?.rawValue ?? "none", options: ["none"] + Settings.Key.allCases.map(\.rawValue))),
        ])
    }

    public var fixture: String {
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
        var view = MotherArguments()
        view.add("settings", code: SwiftLiteral.call("SettingsMother.makeSettings", arguments.list))
        view.add("selection", selection, default: nil) { $0.map { "." + String(describing: $0) } ?? "nil" }
        return SwiftLiteral.call("SettingsView", view.list)
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }
    public func view() -> AnyView { SettingsView(settings: settings, selection: selection).erased }
}

/// The preset picker: a set of presets and the row selected.
public struct PresetPickerRecipe: ScenarioRecipe, Hashable {
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

    public func editing(_ inputs: ScenarioInputs) -> PresetPickerRecipe {
        var copy = self
        copy.count = inputs.number("count", or: count)
        copy.stressingNames = inputs.toggle("stressingNames", or: stressingNames)
        copy.selection = inputs.number("selection", or: selection)
        return copy
    }

    public var inputs: ScenarioInputs {
        ScenarioInputs([
            ScenarioInput("count", "Presets", .number(count, range: 0...20, step: 1)),
            ScenarioInput("stressingNames", "Long, emoji, CJK and RTL names", .toggle(stressingNames)),
            ScenarioInput("selection", "Selected row (-1: none)", .number(selection, range: -1...19, step: 1)),
        ])
    }

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
