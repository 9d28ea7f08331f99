@testable import LiveApp
import Domain
import Fixtures
import Foundation
import Rendering
import TestSupport
import Testing

/// `moments history`, `stats`, `settings` and `widget` as a person runs them: the built
/// binary on a temporary data folder written through the real stores. Piped, each prints
/// exactly the frame the Rendering view draws for the same data, in plain text at 80
/// columns, or a JSON document of a fixed shape.
@Suite("moments history, stats, settings and widget, as processes", .blocking)
struct ReportCommandTests {
    /// The environment the child draws in (UTC, plain text), as of `now`.
    static func environment(now: Date = Date()) -> ViewEnvironment {
        ViewEnvironment(now: now, colorDepth: .monochrome, timeZone: .utc)
    }

    /// `view` as the commands print it piped: plain text, 80 columns, its own height.
    static func printed(_ view: some View, maxHeight: Int, now: Date = Date()) -> String {
        let environment = environment(now: now)
        let size = view.size(for: Size(width: 80, height: maxHeight), in: environment)
        let frame = Frame(rendering: view, width: size.width, height: size.height, environment: environment)
        return PlainEncoder().encode(frame) + "\n"
    }

    /// A realistic year ending this morning (UTC), so today, the streak and the week show.
    static func year() -> [SessionRecord] {
        let morning = LocalTimeZone.utc.startOfDay(for: Date()).addingTimeInterval(7 * 3_600 + 30 * 60)
        return SessionRecordMother.makeYear(end: min(morning, Date().addingTimeInterval(-3_600)))
    }

    // MARK: - history

    @Test("history with no sessions says how to start one, and exits 0")
    func historyEmpty() throws {
        let folder = try CommandFolder()
        let run = try folder.run(["history"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let empty = HistoryList.EmptyState(title: "No sessions yet", hint: "Sit for the first time: moments start 10m")
        #expect(run.output == Self.printed(HistoryList(records: [], empty: empty), maxHeight: 6))
    }

    @Test("history lists every session newest first, exactly as the history view draws them")
    func historyYear() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["history"])
        #expect(run.status == 0)
        let newestFirst = Array(records.sorted { $0.startedAt < $1.startedAt }.reversed())
        #expect(run.output == Self.printed(HistoryList(records: newestFirst), maxHeight: records.count + 2))
        #expect(run.output.split(separator: "\n").count == records.count + 2)
        #expect(!run.output.contains("\u{1B}"))
    }

    @Test("history --since keeps the sessions from that day on", arguments: ["3d", "today", "yesterday", "iso"])
    func historySince(form: String) throws {
        let folder = try CommandFolder()
        let records = SessionRecordMother.makeStreak(days: 10, end: Date().addingTimeInterval(-60), minutes: 5)
        try folder.writeHistory(records)
        let today = LocalTimeZone.utc.startOfDay(for: Date())
        let back = ["3d": 2, "today": 0, "yesterday": 1, "iso": 4][form]!
        let start = today.addingTimeInterval(-Double(back) * 86_400)
        let argument = form == "iso" ? Self.day(start) : form
        let run = try folder.run(["history", "--since", argument, "--json"])
        #expect(run.status == 0)
        let document = try JSONDecoder().decode(HistoryJSON.self, from: Data(run.output.utf8))
        #expect(document.since == Instant.format(start))
        #expect(document.sessions == records.filter { $0.startedAt >= start }.reversed())
        #expect(document.sessions.count == back + 1)
    }

    @Test("history --json prints every session newest first, in the Domain's record shape")
    func historyJSON() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["history", "--json"])
        #expect(run.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["since", "sessions"])
        #expect(object["since"] is NSNull)
        let first = try #require((object["sessions"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["id", "name", "started_at", "ended_at", "planned_seconds", "actual_seconds", "outcome"])
        let document = try JSONDecoder().decode(HistoryJSON.self, from: Data(run.output.utf8))
        #expect(document.sessions == records.sorted { $0.startedAt < $1.startedAt }.reversed())
    }

    @Test(
        "a --since that is not a day is exit 1 naming the accepted forms, and touches no file",
        arguments: ["2026-02-30", "2026-13-01", "21/11/2026", "2026-1-5", "0d", "-3d", "soon"])
    func historyBadSince(text: String) throws {
        let folder = try CommandFolder()
        let run = try folder.run(["history", "--since=\(text)"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("'\(text)' is not a day"))
        #expect(run.errors.contains("2026-11-21") && run.errors.contains("yesterday") && run.errors.contains("7d"))
        #expect(try folder.contents().isEmpty)
    }

    // MARK: - stats

    @Test("stats with no sessions shows zeros and an empty heat map")
    func statsEmpty() throws {
        let folder = try CommandFolder()
        let run = try folder.run(["stats"])
        #expect(run.status == 0)
        let now = Date()
        let stats = SessionStats(records: [], timeZone: .utc, now: now, days: 84)
        #expect(run.output == Self.printed(StatsView(stats: stats), maxHeight: 40, now: now))
        #expect(run.output.contains("0 days"))
    }

    @Test("stats of a year shows the streaks, totals, week and heat map the stats view draws")
    func statsYear() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["stats"])
        #expect(run.status == 0)
        let now = Date()
        let stats = SessionStats(records: records, timeZone: .utc, now: now, days: 84)
        #expect(stats.sessionCount > 200 && stats.currentStreak > 0)
        #expect(run.output == Self.printed(StatsView(stats: stats), maxHeight: 40, now: now))
    }

    @Test("stats take their days in the time zone TZ names, across a change of clocks, as the C library reads it")
    func statsInTimeZone() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["stats", "--json"], extra: ["TZ": "America/New_York"])
        #expect(run.status == 0)
        let document = try StatsJSON.read(run.output)
        #expect(document.timeZone == "America/New_York")
        // The rule written out in the fixtures and the system's time-zone database agree.
        let newYork = TimeZoneMother.makeNewYork()
        let asOf = try #require(Instant.parse(document.asOf))
        let stats = SessionStats(records: records, timeZone: newYork, now: asOf, days: 84)
        #expect(document.days.map(\.start) == stats.minutesPerDay.map { Instant.format($0.start) })
        #expect(document.days.map(\.date) == stats.minutesPerDay.map { newYork.localTime(of: $0.start).isoDate })
        #expect(document.days.map(\.seconds) == stats.minutesPerDay.map(\.seconds))
        #expect(document.currentStreakDays == stats.currentStreak)
    }

    @Test("stats --json has the documented keys and the figures SessionStats computes")
    func statsJSON() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["stats", "--json"])
        #expect(run.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "as_of", "time_zone", "session_count", "total_seconds", "total_minutes", "today_seconds",
                "today_minutes", "current_streak_days", "longest_streak_days", "days",
            ])
        let firstDay = try #require((object["days"] as? [[String: Any]])?.first)
        #expect(Set(firstDay.keys) == ["date", "start", "seconds", "minutes"])
        let document = try StatsJSON.read(run.output)
        let asOf = try #require(Instant.parse(document.asOf))
        let stats = SessionStats(records: records, timeZone: .utc, now: asOf, days: 84)
        #expect(document.timeZone == "UTC")
        #expect(document.sessionCount == stats.sessionCount)
        #expect(document.totalSeconds == stats.totalSeconds)
        #expect(document.totalMinutes == (stats.totalSeconds / 60).rounded(.down))
        #expect(document.todaySeconds == stats.minutesPerDay.last?.seconds)
        #expect(document.todayMinutes == ((stats.minutesPerDay.last?.seconds ?? 0) / 60).rounded(.down))
        #expect(document.currentStreakDays == stats.currentStreak)
        #expect(document.longestStreakDays == stats.longestStreak)
        #expect(document.days.map(\.seconds) == stats.minutesPerDay.map(\.seconds))
        #expect(document.days.map(\.minutes) == stats.minutesPerDay.map { ($0.seconds / 60).rounded(.down) })
        #expect(document.days.map(\.start) == stats.minutesPerDay.map { Instant.format($0.start) })
        #expect(document.days.last?.date == Self.day(asOf))
    }

    // MARK: - settings

    @Test("settings, settings show and their JSON print the saved settings", arguments: [[], ["show"]])
    func settingsShow(path: [String]) throws {
        let folder = try CommandFolder()
        let settings = SettingsMother.makeMinimalist()
        try folder.writeSettings(settings)
        let run = try folder.run(["settings"] + path)
        #expect(run.status == 0)
        #expect(run.output == Self.printed(SettingsView(settings: settings, hints: []), maxHeight: Settings.Key.allCases.count + 2))
        let json = try folder.run(["settings"] + path + ["--json"])
        #expect(json.status == 0)
        #expect(try JSONDecoder().decode(Settings.self, from: Data(json.output.utf8)) == settings)
    }

    @Test("settings show before anything is saved shows the standard settings and creates no settings file")
    func settingsStandard() throws {
        let folder = try CommandFolder()
        let run = try folder.run(["settings", "show"])
        #expect(run.status == 0)
        #expect(run.output == Self.printed(SettingsView(settings: .standard, hints: []), maxHeight: Settings.Key.allCases.count + 2))
        #expect(try folder.contents()["settings.json"] == nil)
    }

    @Test(
        "settings set changes one setting durably and says its new value",
        arguments: [
            ("default-duration", "20m", "20:00"), ("show-seconds", "off", "false"), ("time-display", "remaining", "remaining"),
            ("interval-bell", "5", "5"), ("interval-bell", "off", "off"), ("end-bell", "no", "false"),
            ("desktop-notification", "on", "true"), ("bell-volume", "35%", "35"), ("bell-volume", "0", "0"),
            ("bells", "zen", "warm-up=0 start=3 every=off end=3"), ("bells", "default", "default"),
            ("hook-bell", "Paplay ~/Gong.wav", "Paplay ~/Gong.wav"), ("hook-end", "OFF", "off"),
        ])
    func settingsSet(key: String, value: String, shown: String) throws {
        let folder = try CommandFolder()
        try folder.writeSettings(SettingsMother.makeMinimalist())
        let run = try folder.run(["settings", "set", key, value])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output == "\(key): \(shown)\n")
        var expected = SettingsMother.makeMinimalist()
        try expected.set(key, to: value)
        #expect(try folder.savedSettings() == expected)
    }

    @Test(
        "a wrong key or value is exit 1 saying what is accepted, with the settings file byte for byte the same",
        arguments: [
            (["no-such-key", "1"], "default-duration"), (["show-seconds", "maybe"], "on or off"),
            (["time-display", "up"], "elapsed or remaining"), (["interval-bell", "999"], "1 to 480"),
            (["default-duration", "9h"], "1 second to 8 hours"), (["default-duration", "soon"], "10m, 90s, 1h15m"),
            (["end-bell"], "Missing expected argument"), (["bell-volume", "120"], "0 to 100 (percent)"),
            (["bells", "loud"], "is not a bell program"),
        ])
    func settingsSetRefused(arguments: [String], message: String) throws {
        let folder = try CommandFolder()
        try folder.writeSettings(SettingsMother.makeMinimalist())
        let before = try folder.contents()
        let run = try folder.run(["settings", "set"] + arguments)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains(message))
        #expect(try folder.contents() == before)
    }

    // MARK: - widget

    @Test("widget small offers the default length before any session, and the last session after")
    func widgetSmall() throws {
        let folder = try CommandFolder()
        try folder.writeSettings(SettingsMother.makeMinimalist())
        let empty = try folder.run(["widget", "small"])
        #expect(empty.status == 0)
        let preset = PresetOption(key: "1", name: "Meditation", seconds: 1_200)
        #expect(empty.output == Self.printed(SmallWidget(content: .preset(preset)), maxHeight: 11))

        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["widget", "small"])
        #expect(run.status == 0)
        let last = try #require(records.filter(\.outcome.countsTowardStats).max { $0.startedAt < $1.startedAt })
        #expect(run.output == Self.printed(SmallWidget(content: .lastSession(last, key: "1")), maxHeight: 11))
    }

    @Test("widget medium before any session shows zeros and the default length as the one preset")
    func widgetMediumEmpty() throws {
        let folder = try CommandFolder()
        try folder.writeSettings(SettingsMother.makeMinimalist())
        let run = try folder.run(["widget", "medium"])
        #expect(run.status == 0)
        let widget = MediumWidget(
            todayMinutes: 0, streakDays: 0, presets: [PresetOption(key: "1", name: "Meditation", seconds: 1_200)])
        #expect(run.output == Self.printed(widget, maxHeight: 11))
    }

    @Test("widget medium shows today's minutes, the streak and the most sat sessions as presets")
    func widgetMedium() throws {
        let folder = try CommandFolder()
        let records = Self.year()
        try folder.writeHistory(records)
        let run = try folder.run(["widget", "medium"])
        #expect(run.status == 0)
        let now = Date()
        let stats = SessionStats(records: records, timeZone: .utc, now: now, days: 1)
        let widget = MediumWidget(
            todayMinutes: stats.minutesPerDay.last?.minutes ?? 0, streakDays: stats.currentStreak,
            presets: WidgetPresets.presets(records: records, settings: .standard))
        #expect(run.output == Self.printed(widget, maxHeight: 11, now: now))
        #expect(stats.currentStreak > 0)
    }

    @Test("widget with no family, or one that does not exist, is exit 1 naming small and medium", arguments: [[], ["large"]])
    func widgetRefused(arguments: [String]) throws {
        let folder = try CommandFolder()
        let run = try folder.run(["widget"] + arguments)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("small") && run.errors.contains("medium"))
        #expect(try folder.contents().isEmpty)
    }

    // MARK: - the data folder

    @Test("--data-dir and MOMENTS_HOME find the same files")
    func dataDirectory() throws {
        let folder = try CommandFolder()
        try folder.writeHistory(SessionRecordMother.makeStreak(days: 3, end: Date().addingTimeInterval(-60)))
        let elsewhere = try CommandFolder()
        let byOption = try elsewhere.run(["history", "--json", "--data-dir", folder.url.path])
        let byVariable = try elsewhere.run(["history", "--json"], extra: ["MOMENTS_HOME": folder.url.path])
        #expect(byOption.status == 0 && byVariable.status == 0)
        #expect(byOption.output == byVariable.output)
        #expect(try JSONDecoder().decode(HistoryJSON.self, from: Data(byOption.output.utf8)).sessions.count == 3)
        #expect(try elsewhere.contents().isEmpty)
    }

    @Test("a data folder that cannot be used is exit 4, the environment's status, with the store's message",
        arguments: [["history"], ["settings", "set", "end-bell", "off"]])
    func unusableFolder(arguments: [String]) throws {
        let folder = try CommandFolder()
        let file = folder.url.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: file)
        let run = try folder.run(arguments + ["--data-dir", file.path])
        #expect(run.status == 4)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("moments: error: \(file.path)"))
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
    }

    @Test("a damaged line in the history is reported on stderr, and the rest is listed")
    func damagedHistory() throws {
        let folder = try CommandFolder()
        let records = SessionRecordMother.makeStreak(days: 3, end: Date().addingTimeInterval(-60))
        try folder.writeHistory(records)
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("history.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n".utf8))
        try handle.close()
        let run = try folder.run(["history", "--json"])
        #expect(run.status == 0)
        #expect(run.errors.hasPrefix("moments: warning: 1 record"))
        #expect(try JSONDecoder().decode(HistoryJSON.self, from: Data(run.output.utf8)).sessions == records.reversed())
    }

    // MARK: - helpers

    /// `YYYY-MM-DD` of `date` in UTC.
    static func day(_ date: Date) -> String {
        String(Instant.format(date).prefix(10))
    }
}

/// `moments history --json`, read back.
struct HistoryJSON: Decodable {
    let since: String?
    let sessions: [SessionRecord]
}

/// `moments stats --json`, read back (its snake_case keys converted by the decoder).
struct StatsJSON: Decodable {
    struct Day: Decodable {
        let date: String
        let start: String
        let seconds: Double
        let minutes: Double
    }

    let asOf: String
    let timeZone: String
    let sessionCount: Int
    let totalSeconds: Double
    let totalMinutes: Double
    let todaySeconds: Double
    let todayMinutes: Double
    let currentStreakDays: Int
    let longestStreakDays: Int
    let days: [Day]

    /// Reads the document a run printed.
    static func read(_ output: String) throws -> StatsJSON {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(StatsJSON.self, from: Data(output.utf8))
    }
}
