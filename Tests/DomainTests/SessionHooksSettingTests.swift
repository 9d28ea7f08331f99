import Domain
import Fixtures
import Foundation
import Testing

/// The hooks in the settings: commands kept as typed, `off` to remove one, what is refused.
@Suite("Hooks in the settings")
struct SessionHooksSettingTests {
    @Test("a hook is kept as typed (its case and quotes), shown as set, read back, and removed with off")
    func setAndRemove() throws {
        var settings = SettingsMother.makeSettings()
        let command = #"  notify-send "Done: $MOMENTS_NAME"  "#
        try settings.set("hook-end", to: command)
        #expect(settings.hooks[.end] == #"notify-send "Done: $MOMENTS_NAME""#)
        #expect(settings.value(of: .hookEnd) == settings.hooks[.end])
        #expect(settings.value(of: .hookStart) == "off")
        var again = SettingsMother.makeSettings()
        try again.set("hook-end", to: settings.value(of: .hookEnd))
        #expect(again == settings)
        #expect(try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings)) == settings)
        try settings.set("hook-end", to: "Off")
        #expect(settings.hooks == .none)
        #expect(!String(decoding: try JSONEncoder().encode(settings), as: UTF8.self).contains("hooks"))
    }

    @Test("an empty command, a NUL or one past 4 KiB is refused, naming the key, and changes nothing",
        arguments: ["", "   ", "echo a\u{0}b", String(repeating: "x", count: SessionHooks.maximumLength + 1)])
    func refused(command: String) throws {
        var settings = SettingsMother.makeSettings()
        try settings.set("hook-start", to: "true")
        let before = settings
        #expect(throws: ValidationError.self) { try settings.set("hook-start", to: command) }
        #expect(settings == before)
        #expect("\(ValidationError.invalidSettingValue(key: "hook-start", value: command, expected: ""))".contains("hook-start"))
    }

    @Test("a settings file with a hook that is not a command does not open as settings")
    func badFile() {
        let json = Data(#"{"hooks":{"end":""}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Settings.self, from: json) }
    }
}
