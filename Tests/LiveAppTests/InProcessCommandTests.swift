import Domain
import Fixtures
import Foundation
import LiveApp
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// `moments` run in-process on its preview dependencies (`LiveDependencies.preview`): the
/// real command line, commands and session runtime, on the real server over a preview
/// storage and clock, a terminal, console, runtime folder and files in memory. What the
/// commands decide (exit statuses, messages, what they leave on the server and in the
/// files) is tested here in milliseconds; the pseudo-terminal suites keep what only a real
/// terminal and process prove.
@Suite(.timeLimit(.minutes(1)))
struct InProcessCommandTests {
    /// One run of the app and everything it reaches.
    struct App {
        let clock = PreviewClock()
        let host: PreviewServerHost
        let files: PreviewPersonalFiles
        let terminal: PreviewSessionTerminal
        let console: PreviewConsoleOutput
        let runtime = PreviewRuntimeFolder()
        let tmux = PreviewTmuxStatus()
        let bellSound = PreviewBellSound()
        let notifier: PreviewDesktopNotifier
        let mediaPlayer = PreviewDesktopMediaPlayer()
        let dock = PreviewDesktopDock()
        let environment: [String: String]

        init(
            files: PreviewPersonalFiles = PreviewPersonalFiles(), console: PreviewConsoleOutput = PreviewConsoleOutput(),
            notifier: PreviewDesktopNotifier = PreviewDesktopNotifier(), environment: [String: String] = [:],
            terminal: PreviewSessionTerminal = PreviewSessionTerminal(interactive: false)
        ) {
            host = PreviewServerHost(clock: clock)
            self.terminal = terminal
            self.files = files
            self.console = console
            self.notifier = notifier
            self.environment = environment
        }

        /// The preview dependencies, patient as a test on a loaded machine must be: the
        /// server is in this process and cannot be unreachable, but at the start of a run
        /// hundreds of suites share its two threads, and three seconds have passed before
        /// it was given one.
        var dependencies: LiveDependencies {
            var dependencies = LiveDependencies.preview(
                host: host, clock: clock, files: files, terminal: terminal, console: console, notifier: notifier,
                mediaPlayer: mediaPlayer, dock: dock, runtime: runtime, tmux: tmux, bellSound: bellSound, environment: environment)
            dependencies.serverPatience = Patience.hang
            return dependencies
        }

        /// Runs `moments ARGUMENTS` to its end; answers its exit status.
        func run(_ arguments: [String]) async -> Int32 {
            await MomentsApp.execute(arguments, dependencies: dependencies)
        }

        /// Starts `moments ARGUMENTS` and answers the task that ends with its status.
        func start(_ arguments: [String]) -> Task<Int32, Never> {
            let dependencies = self.dependencies
            return Task { await MomentsApp.execute(arguments, dependencies: dependencies) }
        }

        /// Waits until the lines written show `text`; `false` after `limit`, so a command
        /// that failed before writing it fails the test then, not at the suite's time limit.
        func waitForLine(_ text: String, within limit: Duration = Patience.hang) async -> Bool {
            let terminal = self.terminal
            return (try? await eventually(within: limit) { terminal.written.joined().contains(text) }) != nil
        }
    }

    @Test("start 5m without a terminal: a line per change, completed by the server's clock, the summary, status 0")
    func startCompletes() async throws {
        let app = App()
        let running = app.start(["start", "5m", "--name", "Morning sit", "--no-tty"])
        #expect(await app.waitForLine("Running"), "\(app.terminal.written)")
        let listed = try await app.host.server.list()
        #expect(listed.count == 1 && listed.first?.status == .active)
        app.clock.advance(by: 301)
        #expect(await running.value == ExitStatus.completed.rawValue, "\(app.console.errors)")
        #expect(app.terminal.written.joined().contains("Completed"))
        #expect(app.console.output.contains("Morning sit"), "no summary: \(app.console.output)")
        #expect(try await app.host.server.list().first?.status == .ended)
        #expect(!app.terminal.wasEntered)
    }

    @Test("start --group --channel-storage none makes a sit whose channel keeps nothing; without the option it keeps its latest state")
    func channelStorage() async throws {
        for (arguments, kept) in [(["--channel-storage", "none"], ChannelStorage.nothing), ([], .latest)] {
            let app = App()
            let running = app.start(["start", "5m", "--group", "--no-tty"] + arguments)
            #expect(await app.waitForLine("Running"), "\(app.terminal.written)")
            let listed = try await app.host.server.list()
            #expect(listed.count == 1 && listed.first?.activity.attributes.channelStorage == kept, "\(listed)")
            app.clock.advance(by: 301)
            #expect(await running.value == ExitStatus.completed.rawValue, "\(app.console.errors)")
        }
    }

    @Test("SIGTERM during start: status 2, the session left running on the server, and it says so")
    func startInterrupted() async throws {
        let app = App()
        let running = app.start(["start", "5m", "--no-tty"])
        #expect(await app.waitForLine("Running"))
        app.terminal.send(signal: SIGTERM)
        #expect(await running.value == ExitStatus.endedEarly.rawValue)
        #expect(app.console.output.contains("Interrupted; the session keeps running"))
        #expect(try await app.host.server.list().first?.status == .active)
    }

    @Test("bad input exits 1 with a message that says what to type, and starts nothing", arguments: [
        (["start", "10x"], "duration"),
        (["start", "5m", "--open"], "give a DURATION or --open, not both"),
        (["start", "--name", ""], "name"),
        (["start", "5m", "--channel-storage", "none"], "--channel-storage is for a group sit"),
        (["start", "5m", "--group", "--channel-storage", "oldest"], "give latest or none"),
    ])
    func badInput(arguments: [String], says: String) async throws {
        let app = App()
        #expect(await app.run(arguments) == ExitStatus.usageOrInput.rawValue)
        #expect(app.console.errors.localizedCaseInsensitiveContains(says), "\(app.console.errors)")
        #expect(try await app.host.server.list().isEmpty)
        #expect(app.host.storage.records.isEmpty)
    }

    @Test("watch with no session running exits 5, as status and the verbs do, and says how to start one")
    func watchNothing() async {
        let app = App()
        #expect(await app.run(["watch", "--no-tty"]) == ExitStatus.noSession.rawValue)
        #expect(app.console.errors.contains("no session is running; start one with `moments start`"))
    }

    @Test("watch follows a session another start left running, to its end, and exits 0 at the dismissal however it ended")
    func watchFollows() async throws {
        let app = App()
        let made = try await app.host.server.create(SessionAttributesMother.makeAttributes(name: "Evening sit"))
        let watching = app.start(["watch", "--no-tty"])
        #expect(await app.waitForLine("Evening sit"), "\(app.terminal.written)")
        let request = try IntentRequest(clientID: "other", intentID: "1", intent: .finish)
        _ = try await app.host.server.send(request, to: made.id, token: made.token)
        // A watcher waits for the dismissal; the clock brings it.
        #expect(await app.waitForLine("waiting for its dismissal"))
        app.clock.advance(by: SessionLimits.maximumDismissalDelay + 1)
        // Finished early, yet the watcher did what it was asked: followed it to the end.
        #expect(await watching.value == ExitStatus.completed.rawValue)
    }

    @Test("settings set changes the saved settings; a bad value exits 1 and changes nothing")
    func settings() async throws {
        let app = App()
        #expect(await app.run(["settings", "set", "default-duration", "20m"]) == ExitStatus.completed.rawValue)
        #expect(try app.files.readSettings().defaultDurationSeconds == 1_200)
        #expect(await app.run(["settings", "set", "default-duration", "soon"]) == ExitStatus.usageOrInput.rawValue)
        #expect(try app.files.readSettings().defaultDurationSeconds == 1_200)
        #expect(!app.console.errors.isEmpty)
    }

    @Test("history prints ANSI at a terminal's own width, and plain text at COLUMNS through a pipe")
    func outputFollowsItsDestination() async {
        let history = PreviewPersonalFiles(history: .year)
        let onTerminal = App(
            files: history, console: PreviewConsoleOutput(destination: Console.Destination(isTerminal: true, columns: 52)),
            environment: ["TERM": "xterm-256color", "COLUMNS": "100"])
        #expect(await onTerminal.run(["history"]) == ExitStatus.completed.rawValue, "\(onTerminal.console.errors)")
        #expect(onTerminal.console.output.contains(";38;5;"), "256 colours, as TERM says")

        let piped = App(files: history, environment: ["TERM": "xterm-256color", "COLUMNS": "52"])
        #expect(await piped.run(["history"]) == ExitStatus.completed.rawValue)
        let lines = piped.console.output.split(separator: "\n")
        #expect(!piped.console.output.contains("\u{1B}"))
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { $0.count <= 52 } && lines.contains { $0.count > 40 }, "\(lines)")
    }

    @Test("MOMENTS_DATABASE_URL in the run's environment chooses the shared keys, as --database-url does")
    func databaseFromTheEnvironment() async {
        let local = App()
        #expect(await local.run(["keys", "list"]) == ExitStatus.completed.rawValue, "\(local.console.errors)")
        let shared = App(environment: ["MOMENTS_DATABASE_URL": "postgres://moments@127.0.0.1:1/moments"])
        #expect(await shared.run(["keys", "list"]) != ExitStatus.completed.rawValue)
        #expect(shared.console.errors.contains("a preview has no shared database"), "\(shared.console.errors)")
    }
}
