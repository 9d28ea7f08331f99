import Domain
import Rendering

/// The presets the widgets offer, drawn from what a person actually does: their most
/// sat sessions (same name and length), most often first, then most recent first. With
/// no history yet, the one session `moments start` would begin: the default length from
/// the settings.
enum WidgetPresets {
    /// The most presets a widget lists, keyed 1 to 4 as the preset picker is.
    static let limit = 4

    /// The name of the preset offered before there is any history: the session `moments
    /// start` begins without `--name`.
    static let defaultName = StartCommand.defaultName

    /// The presets for `records` (any order) and `settings`.
    static func presets(records: [SessionRecord], settings: Settings) -> [PresetOption] {
        struct Usage {
            var count = 0
            var latest = 0
        }
        struct Kind: Hashable {
            let name: String
            let seconds: Double?
        }
        var usage: [Kind: Usage] = [:]
        // A history comes listed by start, so it is sorted only when it is not; and since a
        // person sits the same session many times in a row, a run of one kind is counted
        // apart and added to the table once. The records are walked by index, reading only
        // the fields needed: a loop binding each record copied it (a retain and a release of
        // its name per session).
        let inOrder = records.indices.dropFirst().allSatisfy { records[$0 - 1].startedAt <= records[$0].startedAt }
        let ordered = inOrder ? records : records.sorted(by: { $0.startedAt < $1.startedAt })
        var run: (kind: Kind, usage: Usage)?
        func flush() {
            guard let (kind, counted) = run else { return }
            usage[kind, default: Usage()].count += counted.count
            usage[kind, default: Usage()].latest = counted.latest
        }
        for index in ordered.indices where ordered[index].outcome.countsTowardStats {
            if let current = run, current.kind.seconds == ordered[index].plannedSeconds,
                current.kind.name == ordered[index].name.value
            {
                run = (current.kind, Usage(count: current.usage.count + 1, latest: index))
            } else {
                flush()
                run = (Kind(name: ordered[index].name.value, seconds: ordered[index].plannedSeconds), Usage(count: 1, latest: index))
            }
        }
        flush()
        let ranked = usage.sorted { ($0.value.count, $0.value.latest) > ($1.value.count, $1.value.latest) }
        guard !ranked.isEmpty else { return [defaultPreset(settings)] }
        return ranked.prefix(limit).enumerated().map { index, entry in
            PresetOption(key: String(index + 1), name: entry.key.name, seconds: entry.key.seconds)
        }
    }

    /// What the small widget offers: to sit again as in the last counted session, or,
    /// before there is one, the default preset.
    static func smallContent(records: [SessionRecord], settings: Settings) -> SmallWidget.Content {
        // The first of the latest counted sessions, as `max(by:)` would pick it, found without
        // copying the counted ones into an array of their own.
        var latest: Int?
        for index in records.indices where records[index].outcome.countsTowardStats {
            if let current = latest, records[current].startedAt >= records[index].startedAt { continue }
            latest = index
        }
        guard let latest else { return .preset(defaultPreset(settings)) }
        return .lastSession(records[latest], key: "1")
    }

    /// The session `moments start` begins without arguments.
    private static func defaultPreset(_ settings: Settings) -> PresetOption {
        PresetOption(key: "1", name: defaultName, seconds: settings.defaultDurationSeconds)
    }
}
