import Domain
import Fixtures
import LiveApp
import SyncAuthority
import SyncProtocol
import Testing

/// `moments settings set bells …` and what `start` makes of it, in-process on the preview
/// dependencies: the bells chosen in the settings are every later session's, fitted to its
/// length, and `--bells` and `--warm-up` still change their part of them.
@Suite(.timeLimit(.minutes(1)))
struct BellSettingsTests {
    typealias App = InProcessCommandTests.App

    /// Starts `arguments` (a fixed-length session without a terminal) in a new run of the app
    /// on `previous`'s files, waits for `firstLine`, answers the bells of the session the server made, and cancels it.
    private func bells(of arguments: [String], in previous: App, firstLine: String = "Running") async throws -> BellProgram? {
        let app = App(files: previous.files)
        let running = app.start(arguments + ["--no-tty", "--silent"])
        #expect(await app.waitForLine(firstLine), "\(app.console.errors)")
        let bells = try await app.host.server.list().first?.activity.attributes.bells
        let cancelled = await app.run(["cancel"])
        #expect(cancelled == ExitStatus.endedEarly.rawValue, "\(app.console.errors) \(app.terminal.written)")
        _ = await running.value
        return bells
    }

    @Test("a preset chosen in the settings is the next session's program; default follows the interval and end bells again")
    func presetChosen() async throws {
        let app = App()
        #expect(await app.run(["settings", "set", "bells", "zen"]) == 0)
        #expect(app.console.output.contains("bells: warm-up=0 start=3 every=off end=3"), "\(app.console.output)")
        #expect(try await bells(of: ["start", "5m"], in: app) == BellProgram.presets.first { $0.name == "zen" }?.program)
        #expect(await app.run(["settings", "set", "bells", "default"]) == 0)
        #expect(try app.files.readSettings().bells == nil)
    }

    @Test("words are read over the program in use; start fits the settings' bells to its length and --bells changes its part")
    func wordsOverTheProgram() async throws {
        let app = App()
        #expect(await app.run(["settings", "set", "bells", "warm-up=30s every=4m"]) == 0)
        let chosen = try #require(try app.files.readSettings().bells)
        #expect(chosen == BellProgramMother.makeProgram(warmUpSeconds: 30, interval: .every(240)), "over the standard bells")
        // The line output says the warm-up and what follows it.
        let short = try await bells(of: ["start", "3m"], in: app, firstLine: "Warm-up  0:30 then 3:00")
        #expect(short?.interval == nil, "a bell every four minutes cannot ring in three")
        #expect(short?.warmUpSeconds == 30)
        let changed = try await bells(of: ["start", "10m", "--bells", "2m", "--warm-up", "off"], in: app)
        #expect(changed == BellProgramMother.makeProgram(interval: .every(120)))
    }

    @Test("a program that cannot be read is refused with what to write, and the settings stay as they were")
    func refused() async throws {
        let app = App()
        #expect(await app.run(["settings", "set", "bells", "zen"]) == 0)
        let before = try app.files.readSettings()
        #expect(await app.run(["settings", "set", "bells", "loud"]) == 1)
        #expect(app.console.errors.contains("is not a bell program"), "\(app.console.errors)")
        #expect(await app.run(["settings", "set", "bells", "start=7"]) == 1)
        #expect(try app.files.readSettings() == before)
    }

    @Test("a warm-up or bell past a session's length is refused in its own words, not as a target", arguments: [
        (["start", "10m", "--warm-up", "9h"], "A warm-up of 9h is out of range; choose from 0 to 10 minutes."),
        (["start", "10m", "--bells", "every=9h"], "Interval bells every 9h would never ring"),
        (["settings", "set", "bells", "warm-up=20m"], "A warm-up of 20m is out of range"),
    ])
    func refusedInItsOwnWords(arguments: [String], says: String) async throws {
        let app = App()
        let before = try app.files.readSettings()
        #expect(await app.run(arguments + (arguments[0] == "start" ? ["--no-tty", "--silent"] : [])) == 1)
        #expect(app.console.errors.contains(says), "\(app.console.errors)")
        #expect(!app.console.errors.contains("target"), "\(app.console.errors)")
        #expect(try app.files.readSettings() == before)
        #expect(try await app.host.server.list().isEmpty, "nothing was started")
    }
}
