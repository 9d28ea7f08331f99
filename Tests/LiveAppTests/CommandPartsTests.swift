@testable import LiveApp
import Domain
import Fixtures
import Foundation
import Rendering
import Testing

/// The pure parts behind the commands: reading `--since`, choosing the width, and picking
/// the widgets' presets.
@Suite("The commands' parts")
struct CommandPartsTests {
    @Test("--since reads a day, today, yesterday and N days, each starting at a local midnight")
    func since() throws {
        let now = InstantMother.morning  // Saturday 2026-11-21, 07:30 UTC
        let start = { (text: String) throws -> String in
            Instant.format(try HistorySince(parsing: text).start(in: .utc, now: now))
        }
        #expect(try start("2026-11-01") == "2026-11-01T00:00:00.000Z")
        #expect(try start("2024-02-29") == "2024-02-29T00:00:00.000Z")
        #expect(try start("today") == "2026-11-21T00:00:00.000Z")
        #expect(try start(" Today ") == "2026-11-21T00:00:00.000Z")
        #expect(try start("yesterday") == "2026-11-20T00:00:00.000Z")
        #expect(try start("1d") == "2026-11-21T00:00:00.000Z")
        #expect(try start("7d") == "2026-11-15T00:00:00.000Z")
    }

    @Test("--since takes the day in the person's time zone")
    func sinceInTimeZone() throws {
        let paris = TimeZoneMother.makeParis()
        let start = try HistorySince(parsing: "2026-11-21").start(in: paris, now: InstantMother.morning)
        #expect(Instant.format(start) == "2026-11-20T23:00:00.000Z")
        // In summer Paris is two hours ahead, and `7d` counts back over the change of clocks.
        let summer = try #require(Instant.parse("2026-10-27T12:00:00Z"))
        #expect(Instant.format(try HistorySince(parsing: "2026-07-14").start(in: paris, now: summer)) == "2026-07-13T22:00:00.000Z")
        #expect(Instant.format(try HistorySince(parsing: "7d").start(in: paris, now: summer)) == "2026-10-20T22:00:00.000Z")
    }

    @Test(
        "--since refuses anything else, naming the forms it takes",
        arguments: ["2023-02-29", "2026-00-10", "2026-11-31", "26-11-21", "2026/11/21", "2026-11-21T00:00:00Z", "0d", "d", "7 days", "now", ""])
    func sinceRefused(text: String) {
        #expect(throws: HistorySince.Unreadable.self) { try HistorySince(parsing: text) }
        let message = HistorySince.Unreadable(text: text).description
        #expect(message.contains("2026-11-21") && message.contains("today") && message.contains("7d"))
    }

    @Test("the width is the terminal's, else COLUMNS, else 80 (or a command's own fallback); a pipe ignores the terminal")
    func width() {
        #expect(CommandOutput.width(isTTY: true, terminalColumns: 132, environment: ["COLUMNS": "100"]) == 132)
        #expect(CommandOutput.width(isTTY: true, terminalColumns: nil, environment: ["COLUMNS": "100"]) == 100)
        #expect(CommandOutput.width(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": "100"]) == 100)
        #expect(CommandOutput.width(isTTY: false, terminalColumns: nil, environment: [:]) == 80)
        #expect(CommandOutput.width(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": "wide"]) == 80)
        #expect(CommandOutput.width(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": "0"]) == 80)
        #expect(CommandOutput.width(isTTY: false, terminalColumns: nil, environment: [:], fallback: 160) == 160)
        #expect(CommandOutput.width(isTTY: true, terminalColumns: 100, environment: [:], fallback: 160) == 100)
    }

    @Test("presets are the most sat sessions, most often first, then most recent; cancelled ones do not count")
    func presets() {
        let day = { (back: Double) in InstantMother.makeInstant(secondsAfterMorning: -back * 86_400) }
        let records = [
            SessionRecordMother.makeRecord(name: "Quick breath", startedAt: day(9), plannedSeconds: 180, actualSeconds: 180),
            SessionRecordMother.makeRecord(name: "Long sit", startedAt: day(8), plannedSeconds: 2_700, actualSeconds: 2_700),
            SessionRecordMother.makeRecord(name: "Long sit", startedAt: day(7), plannedSeconds: 2_700, actualSeconds: 2_700),
            SessionRecordMother.makeRecord(startedAt: day(6)),
            SessionRecordMother.makeRecord(startedAt: day(5)),
            SessionRecordMother.makeRecord(startedAt: day(4)),
            SessionRecordMother.makeRecord(name: "Body scan", startedAt: day(3), plannedSeconds: 1_200, actualSeconds: 1_200),
            SessionRecordMother.makeRecord(name: "Open sit", startedAt: day(2), plannedSeconds: nil, actualSeconds: 900),
            SessionRecordMother.makeRecord(name: "Open sit", startedAt: day(1.5), plannedSeconds: nil, actualSeconds: 300, outcome: .finishedEarly),
        ] + (0..<5).map { SessionRecordMother.makeRecord(name: "Abandoned", startedAt: day(1 - Double($0) / 10), outcome: .cancelled) }
        let presets = WidgetPresets.presets(records: records.shuffled(), settings: .standard)
        #expect(presets == [
            PresetOption(key: "1", name: "Morning sit", seconds: 600),
            PresetOption(key: "2", name: "Open sit", seconds: nil),
            PresetOption(key: "3", name: "Long sit", seconds: 2_700),
            PresetOption(key: "4", name: "Body scan", seconds: 1_200),
        ])
    }

    @Test("with no counted session the widgets offer the default length from the settings")
    func presetsWithoutHistory() {
        let settings = SettingsMother.makeMinimalist()
        let cancelled = [SessionRecordMother.makeRecord(outcome: .cancelled)]
        let expected = PresetOption(key: "1", name: WidgetPresets.defaultName, seconds: settings.defaultDurationSeconds)
        #expect(WidgetPresets.presets(records: cancelled, settings: settings) == [expected])
        #expect(WidgetPresets.smallContent(records: cancelled, settings: settings) == .preset(expected))
    }

    @Test("the small widget offers to sit again as in the last counted session")
    func smallWidgetLastSession() {
        let last = SessionRecordMother.makeRecord(name: "Evening wind-down", startedAt: InstantMother.makeInstant(secondsAfterMorning: 3_600))
        let records = [last, SessionRecordMother.makeRecord(), SessionRecordMother.makeRecord(
            startedAt: InstantMother.makeInstant(secondsAfterMorning: 7_200), outcome: .cancelled)]
        #expect(WidgetPresets.smallContent(records: records, settings: .standard) == .lastSession(last, key: "1"))
    }
}
