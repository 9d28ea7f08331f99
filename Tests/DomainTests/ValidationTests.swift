import Domain
import Fixtures
import Testing

@Suite("Validation")
struct ValidationTests {
    @Test("names are trimmed and counted in visible characters")
    func names() throws {
        #expect(try SessionName("  Morning sit  ").value == "Morning sit")
        #expect(try SessionName(SessionAttributesMother.longName).value.count == 64)
        #expect(try SessionName(SessionAttributesMother.emojiName).value == SessionAttributesMother.emojiName)
        #expect(try SessionName(SessionAttributesMother.cjkName).value == SessionAttributesMother.cjkName)
        #expect(try SessionName(SessionAttributesMother.rightToLeftName).value == SessionAttributesMother.rightToLeftName)
        // 64 family emoji (each several scalars joined by ZWJ) are 64 characters.
        #expect(try SessionName(String(repeating: "👨‍👩‍👧‍👦", count: 64)).value.count == 64)
    }

    @Test("empty, too long and control characters are refused with what to do")
    func badNames() {
        #expect(throws: ValidationError.nameEmpty) { try SessionName("") }
        #expect(throws: ValidationError.nameEmpty) { try SessionName("   ") }
        #expect(throws: ValidationError.nameTooLong(length: 65)) { try SessionName(String(repeating: "a", count: 65)) }
        #expect(throws: ValidationError.nameHasControlCharacter(scalar: 0x1B)) { try SessionName("evil\u{1B}[2J") }
        #expect(throws: ValidationError.nameHasControlCharacter(scalar: 0x07)) { try SessionName("bell\u{07}") }
        #expect(throws: ValidationError.nameHasControlCharacter(scalar: 0x9B)) { try SessionName("csi\u{9B}") }
        #expect(throws: ValidationError.nameHasControlCharacter(scalar: 0x202E)) { try SessionName("abc\u{202E}def") }
        #expect(throws: ValidationError.nameHasControlCharacter(scalar: 0x0A)) { try SessionName("two\nlines") }
        #expect(ValidationError.nameHasControlCharacter(scalar: 0x1B).description.contains("U+001B"))
        #expect(ValidationError.nameTooLong(length: 65).description.contains("at most 64"))
        #expect(ValidationError.nameEmpty.description.contains("1 to 64"))
    }

    @Test("targets run from 1 second to 8 hours")
    func targets() throws {
        #expect(try SessionLimits.validatedTarget(1) == 1)
        #expect(try SessionLimits.validatedTarget(8 * 3_600) == 8 * 3_600)
        for bad in [0, 0.999, -5, 8 * 3_600 + 0.001, .nan, .infinity] {
            #expect(throws: ValidationError.self) { try SessionLimits.validatedTarget(bad) }
        }
        #expect(ValidationError.targetOutOfRange(seconds: 0).description.contains("from 1 second to 8 hours"))
        #expect(throws: ValidationError.self) {
            try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: 9 * 3_600)
        }
    }

    @Test("content states refuse negative or non-finite time")
    func contentStates() {
        #expect(throws: ValidationError.negative(field: "seconds_elapsed", value: -1)) {
            try ContentState(
                secondsElapsed: -1, targetTimeInSeconds: 300, showSeconds: true, isPaused: false,
                measuredAt: InstantMother.morning, outcome: nil)
        }
        #expect(throws: ValidationError.notFinite(field: "seconds_elapsed")) {
            try ContentState(
                secondsElapsed: .nan, targetTimeInSeconds: 300, showSeconds: true, isPaused: false,
                measuredAt: InstantMother.morning, outcome: nil)
        }
    }
}

@Suite("DurationText")
struct DurationTextTests {
    @Test(
        "reads units, bare minutes and the clock form",
        arguments: [
            ("10m", 600.0), ("90s", 90), ("1h15m", 4_500), ("1h 15m 30s", 4_530), ("20", 1_200),
            ("2.5", 150), ("1H", 3_600), (" 5m ", 300), ("10:00", 600), ("1:15:00", 4_500), ("0:30", 30),
            ("8h", 28_800),
        ] as [(String, Double)])
    func reads(text: String, seconds: Double) throws {
        #expect(try DurationText.parse(text) == seconds)
    }

    @Test("a duration is written as it is typed, and reads back as itself", arguments: [
        (90_000.0, "25h"), (4_500, "1h15m"), (90, "1m30s"), (0.5, "0.5s"), (0, "0s"), (3_601, "1h1s"),
        (-90, "-1m30s"), (28_800.25, "28800.25s"), (90.5, "90.5s"),
    ])
    func written(seconds: Double, text: String) throws {
        #expect(DurationText.written(seconds) == text)
        if SessionLimits.targetRange.contains(seconds) {
            #expect(try DurationText.parse(text) == seconds)
        }
    }

    @Test("a target out of range is named as it was typed, not as seconds with a decimal point")
    func outOfRangeNamed() throws {
        let refused = ValidationError.targetOutOfRange(seconds: 90_000)
        #expect(refused.description == "A target of 25h is out of range; choose from 1 second to 8 hours.")
        #expect(throws: refused) { try DurationText.parse("25h") }
        #expect(!ValidationError.targetOutOfRange(seconds: .infinity).description.contains("infh"))
    }

    @Test("a duration with limits of its own is read in no range, and never negative or infinite", arguments: [
        ("0", 0.0), ("9h", 32_400), ("0.5s", 0.5), ("99999h", 359_996_400),
    ])
    func secondsInNoRange(text: String, seconds: Double) throws {
        #expect(try DurationText.seconds(text) == seconds)
    }

    @Test("what is not a duration is refused by both readings", arguments: ["-5", "-5m", "1e400", "inf", "nan", "", "5x"])
    func unreadable(text: String) {
        #expect(throws: ValidationError.unreadableDuration(text: text)) { try DurationText.seconds(text) }
        #expect(throws: ValidationError.self) { try DurationText.parse(text) }
    }

    @Test("refuses what is not a duration, or out of range", arguments: [
        "", "m", "10x", "ten", "1h1h", "10m5", "-5m", "9h", "0", "0s", "1:60", "1:2:3:4", "nan", "inf", "1e400",
    ])
    func refuses(text: String) {
        #expect(throws: ValidationError.self) { try DurationText.parse(text) }
    }

    @Test("a clock form with an hour field past Int's range is refused, not a crash (found by FuzzCommandLine)", arguments: [
        "666666666666666661:1:00", "9223372036854775807:00", "153722867280912931:00:00",
    ])
    func hugeClock(text: String) {
        #expect(throws: ValidationError.self) { try DurationText.parse(text) }
    }
}

@Suite("Settings")
struct SettingsTests {
    @Test("every key can be set from text and read back")
    func setAndRead() throws {
        var settings = SettingsMother.makeSettings()
        try settings.set("default-duration", to: "20m")
        try settings.set("show-seconds", to: "off")
        try settings.set("time-display", to: "remaining")
        try settings.set("interval-bell", to: "5")
        try settings.set("end-bell", to: "no")
        try settings.set("desktop-notification", to: "on")
        try settings.set("bell-volume", to: "35")
        #expect(settings == SettingsMother.makeSettings(
            defaultDurationSeconds: 1_200, showSeconds: false, timeDisplay: .remaining,
            intervalBellMinutes: 5, endBell: false, desktopNotification: true, bellVolume: 35))
        #expect(settings.value(of: .defaultDuration) == "20:00")
        #expect(settings.value(of: .intervalBell) == "5")
        try settings.set("interval-bell", to: "off")
        #expect(settings.intervalBellMinutes == nil)
        for key in Settings.Key.allCases {
            var copy = settings
            try copy.set(key.rawValue, to: settings.value(of: key))
            #expect(copy == settings, "\(key.rawValue) does not read back what it shows")
        }
    }

    @Test("the bell volume is a percentage, 80 by default, 0 and 100 included, with or without its sign")
    func bellVolume() throws {
        var settings = SettingsMother.makeSettings()
        #expect(settings.bellVolume == 80)
        #expect(Settings.standard.bellVolume == 80)
        #expect(settings.value(of: .bellVolume) == "80")
        for (text, percent) in [("0", 0), ("100", 100), ("65%", 65), (" 40 % ", 40)] {
            try settings.set("bell-volume", to: text)
            #expect(settings.bellVolume == percent, "\(text) sets \(percent)")
        }
        let before = settings
        for text in ["101", "-1", "loud", "", "%"] {
            #expect(throws: ValidationError.invalidSettingValue(key: "bell-volume", value: text, expected: "0 to 100 (percent)")) {
                try settings.set("bell-volume", to: text)
            }
        }
        #expect(settings == before)
        #expect(throws: ValidationError.self) {
            try Settings(
                defaultDurationSeconds: 600, showSeconds: true, timeDisplay: .elapsed, intervalBellMinutes: nil,
                endBell: true, desktopNotification: false, bellVolume: 150)
        }
    }

    @Test("unknown keys and bad values are refused, naming the key and what it takes; nothing changes")
    func refusals() {
        var settings = SettingsMother.makeSettings()
        let before = settings
        #expect(throws: ValidationError.unknownSetting(key: "colour")) { try settings.set("colour", to: "blue") }
        #expect(throws: ValidationError.self) { try settings.set("show-seconds", to: "maybe") }
        #expect(throws: ValidationError.self) { try settings.set("interval-bell", to: "500") }
        #expect(
            throws: ValidationError.invalidSettingValue(
                key: "default-duration", value: "9h", expected: "a duration from 1 second to 8 hours, such as 20m")
        ) { try settings.set("default-duration", to: "9h") }
        #expect(throws: ValidationError.self) { try settings.set("time-display", to: "sideways") }
        #expect(settings == before)
        #expect(ValidationError.unknownSetting(key: "colour").description.contains("default-duration"))
        #expect(ValidationError.invalidSettingValue(key: "show-seconds", value: "maybe", expected: "on or off")
            .description == "'maybe' is not a valid value for 'show-seconds'; expected on or off.")
    }
}
