import ArgumentParser
import Domain
import Rendering

/// `moments settings [show | set KEY VALUE]`: the settings as the settings screen lists
/// them, and one setting changed at a time, checked before anything is written.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the settings, or change one.",
        discussion: ExitStatus.summary,
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    /// The values each setting takes, as `set --help` and the README list them.
    static func accepted(_ key: Settings.Key) -> String {
        switch key {
        case .defaultDuration: return "a length: 10m, 90s, 1h15m, 10:00 or minutes (1 second to 8 hours)"
        case .showSeconds, .endBell, .desktopNotification: return "on or off"
        case .timeDisplay: return "elapsed or remaining"
        case .intervalBell: return "off, or a number of minutes from 1 to 480"
        case .bellVolume: return "how loud the bowl rings: 0 to 100 (percent), 80 by default"
        case .bells:
            return "a preset (" + BellProgram.presets.map(\.name).joined(separator: ", ")
                + "), words such as 'warm-up=30s every=5m end=3', or default (the interval and end bells)"
        case .hookStart, .hookBell, .hookEnd:
            return "off, or a command for /bin/sh, given the session in MOMENTS_* variables (Documentation/Commands.md#hooks)"
        case .accessible:
            return "off, on (plain lines for a screen reader, keys still read) or minutes (and a line each minute)"
        case .voice:
            return "off, bells (the start, each bell, the end spoken), minutes (and the time left every 5 minutes) or all (and every pause and resume)"
        }
    }

    /// One line per setting: its key and the values it takes.
    static var keyTable: String {
        let width = Settings.Key.allCases.map(\.rawValue.count).max() ?? 0
        return Settings.Key.allCases.map { key in
            key.rawValue + String(repeating: " ", count: width - key.rawValue.count + 2) + accepted(key)
        }.joined(separator: "\n")
    }

    /// `moments settings show`: every setting with its value.
    struct Show: LiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show every setting and its value.",
            discussion: "--json prints the settings file's shape (see Documentation/DomainJSON.md).\n\n" + ExitStatus.summary)

        @Flag(help: "Print the settings as JSON.")
        var json = false

        @OptionGroup var data: DataDirectoryOption

        func run(with dependencies: LiveDependencies) throws {
            let settings = try data.files(dependencies).settingsOrFail()
            let output = CommandOutput.standard(dependencies)
            if json {
                try output.printJSON(settings)
            } else {
                output.print(
                    SettingsView(settings: settings, hints: []), maxHeight: Settings.Key.allCases.count + 2)
            }
        }
    }

    /// `moments settings set KEY VALUE`: one setting changed, saved durably.
    struct Set: LiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change one setting.",
            discussion: "The keys and the values they take:\n\n" + SettingsCommand.keyTable + "\n\n" + ExitStatus.summary)

        @Argument(help: "The setting to change.")
        var key: Settings.Key

        @Argument(help: "Its new value.")
        var value: String

        @OptionGroup var data: DataDirectoryOption

        /// A wrong value is a usage error before any file is opened (ArgumentParser has
        /// already refused a wrong key). Whether a value fits its key does not depend on
        /// the other settings, so the standard settings are as good a place to try it as
        /// the saved ones.
        func validate() throws {
            var probe = Settings.standard
            do {
                try probe.set(key.rawValue, to: value)
            } catch {
                throw ArgumentParser.ValidationError(error.description)
            }
        }

        func run(with dependencies: LiveDependencies) throws {
            let console = dependencies.console
            let (key, value) = (self.key, self.value)
            let saved: Settings
            do {
                saved = try data.files(dependencies).changeSettings { try $0.set(key.rawValue, to: value) }
            } catch {
                throw console.failure(String(describing: error), status: ExitStatus(storeFailure: error))
            }
            console.say("\(key.rawValue): \(saved.value(of: key))")
        }
    }
}
