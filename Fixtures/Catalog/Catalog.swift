import Domain
import Rendering

/// Every view of Rendering in every named scenario: the one list the showcase, the
/// snapshots, the property test, the consistency test and the benchmarks go through.
///
/// ``scenarios(for:)`` switches over ``Rendering/ViewKind`` with no default, so a new view
/// does not compile until it has scenarios here; a test checks each kind has at least
/// three and that ids are unique.
public enum Catalog {
    /// The scenarios of one kind of view, in the order they are listed.
    public static func scenarios(for kind: ViewKind) -> [Scenario] {
        switch kind {
        case .timerScreen: return SessionScenarios.scenarios(kind, .timer)
        case .lockScreen: return SessionScenarios.scenarios(kind, .lock)
        case .compactLeading: return SessionScenarios.scenarios(kind, .compactLeading)
        case .compactTrailing: return SessionScenarios.scenarios(kind, .compactTrailing)
        case .minimal: return SessionScenarios.scenarios(kind, .minimal)
        case .expanded: return SessionScenarios.scenarios(kind, .expanded)
        case .statusLine: return SessionScenarios.scenarios(kind, .statusLine) + StatusLineRecipe.scenarios(kind)
        case .widgetSmall:
            return [
                Scenario(kind, "preset", "The morning sit, one key away", SmallWidgetRecipe(presetKey: "2")),
                Scenario(kind, "openPreset", "An open-ended preset", SmallWidgetRecipe(presetKey: "4")),
                Scenario(kind, "lastSession", "Sit again: a 64-character name", SmallWidgetRecipe(lastSessionNamed: SessionAttributesMother.longName)),
                Scenario(kind, "lastSessionEmoji", "Sit again: an emoji name", SmallWidgetRecipe(lastSessionNamed: SessionAttributesMother.emojiName, minutes: 25)),
            ]
        case .widgetMedium:
            return [
                Scenario(kind, "streak", "25 minutes today, a week's streak", MediumWidgetRecipe(todayMinutes: 25, streakDays: 7)),
                Scenario(kind, "new", "A new installation: nothing yet", MediumWidgetRecipe(todayMinutes: 0, streakDays: 0, presetCount: 0)),
                Scenario(kind, "longStreak", "Hours today, a streak of years", MediumWidgetRecipe(todayMinutes: 135, streakDays: 1_000)),
                Scenario(kind, "manyPresets", "More presets than fit", MediumWidgetRecipe(todayMinutes: 10, streakDays: 1, presetCount: 12)),
            ]
        case .historyList:
            return [
                Scenario(kind, "empty", "No sessions yet", HistoryRecipe(records: .empty)),
                Scenario(kind, "one", "One session", HistoryRecipe(records: .one)),
                Scenario(kind, "recent", "Recent sessions: CJK, emoji, every outcome", HistoryRecipe(records: .recent)),
                Scenario(kind, "year", "A realistic year with gaps", HistoryRecipe(records: .year)),
                Scenario(kind, "longStreak", "A sit every day for a year", HistoryRecipe(records: .longStreak)),
                Scenario(kind, "hundredThousand", "100,000 sessions, focused deep in the list", HistoryRecipe(records: .hundredThousand, focus: 50_000)),
            ]
        case .stats:
            return [
                Scenario(kind, "empty", "Nothing sat yet", StatsRecipe(records: .empty)),
                Scenario(kind, "one", "One session", StatsRecipe(records: .one)),
                Scenario(kind, "year", "A realistic year with gaps", StatsRecipe(records: .year)),
                Scenario(kind, "longStreak", "A sit every day for a year", StatsRecipe(records: .longStreak)),
                Scenario(kind, "hundredThousand", "100,000 sessions", StatsRecipe(records: .hundredThousand)),
            ]
        case .settings:
            return [
                Scenario(kind, "standard", "A new installation, Show seconds selected", SettingsRecipe(settings: SettingsMother.makeSettings(), selection: .showSeconds)),
                Scenario(kind, "minimalist", "Counting down in minutes, a bell every five", SettingsRecipe(settings: SettingsMother.makeMinimalist())),
                Scenario(kind, "everythingOn", "Every bell and notification, eight-hour default", SettingsRecipe(
                    settings: SettingsMother.makeSettings(
                        defaultDurationSeconds: 8 * 3_600, intervalBellMinutes: 1, desktopNotification: true, bellVolume: 100),
                    selection: .desktopNotification)),
                Scenario(kind, "ownBells", "Bells of one's own: a warm-up, three strikes, every five minutes", SettingsRecipe(
                    settings: SettingsMother.makeZenSitter(), selection: .bells)),
            ]
        case .presetPicker:
            return [
                Scenario(kind, "selected", "The usual four, the morning sit selected", PresetPickerRecipe(selection: 1)),
                Scenario(kind, "empty", "No presets yet", PresetPickerRecipe(count: 0)),
                Scenario(kind, "many", "Twelve presets, the last selected", PresetPickerRecipe(count: 12, selection: 11)),
                Scenario(kind, "stressingNames", "Long, emoji, CJK and right-to-left names", PresetPickerRecipe(stressingNames: true, selection: 0)),
            ]
        case .liveScreen, .watchScreen, .lineOutput: return LiveScenarios.scenarios(kind)
        case .notification: return NotificationScenarios.scenarios(kind)
        case .mediaPlayer: return MediaPlayerScenarios.scenarios(kind)
        case .dockEntry: return DockEntryScenarios.scenarios(kind)
        case .voice: return AnnouncementScenarios.scenarios(kind)
        }
    }

    /// Every scenario, kind by kind in ``Rendering/ViewKind`` order.
    public static let all: [Scenario] = ViewKind.allCases.flatMap(scenarios(for:))

    /// The scenario with this id, or `nil`.
    public static func scenario(id: String) -> Scenario? {
        all.first { $0.id == id }
    }

    /// The scenarios whose ``Scenario/searchText`` (id, title and view name) contains
    /// every word of `text` (case-insensitive); all of them for an empty text.
    public static func search(_ text: String) -> [Scenario] {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return all }
        return all.filter { scenario in
            let haystack = scenario.searchText
            return words.allSatisfy(haystack.contains)
        }
    }

    /// The ids to suggest for `id`, which is none: the first of a group it names
    /// (`LiveActivity/LockScreen`), else those as near as a typo in its last part,
    /// nearest first; none when no id is that near, rather than ids that only happen to
    /// be the least far.
    public static func nearest(to id: String, count: Int = 3) -> [String] {
        let lowered = id.lowercased()
        let group = lowered.hasSuffix("/") ? lowered : lowered + "/"
        let members = all.map(\.id).filter { $0.lowercased().hasPrefix(group) }
        if !lowered.isEmpty, !members.isEmpty { return Array(members.prefix(count)) }
        let target = Array(lowered)
        // Near: half the length of the id's last part in edits (a typo in a name).
        let near = max(2, (lowered.split(separator: "/").last?.count ?? 0) / 2)
        var candidates: [(id: String, distance: Int)] = []
        for scenario in all {
            let distance = editDistance(target, Array(scenario.id.lowercased()))
            if distance <= near { candidates.append((scenario.id, distance)) }
        }
        candidates.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        return candidates.prefix(count).map(\.id)
    }

    /// The first part of every id, in the catalog's order: where a person looks first.
    public static var groups: [String] {
        var seen: Set<String> = []
        return all.compactMap { scenario in
            let group = String(scenario.id.prefix { $0 != "/" })
            return seen.insert(group).inserted ? group : nil
        }
    }

    /// Levenshtein distance, in characters.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
