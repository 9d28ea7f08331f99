import Domain
import Foundation
import Persistence
import TestSupport
import Testing

/// `moments` without a terminal (a pipe, CI, `--no-tty`), and its exit statuses.
@Suite("Line mode and exit statuses", .blocking)
struct LineModeAndExitTests {
    @Test("under a pipe: no escape at all, one line per change of state, then the summary; exit 0")
    func pipe() throws {
        let machine = try LiveFixture()
        let run = try machine.run(["start", "2s", "--name", "Piped"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.output.contains("\u{1B}"))
        #expect(!run.output.contains("\u{07}"))
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Running  0:00 of 0:02  Piped") })
        #expect(lines.contains { $0.contains("Completed  0:02 of 0:02  Piped") })
        #expect(lines.contains("Completed: Piped"))
        #expect(try machine.history().count == 1)
    }

    @Test("--data-dir wins over MOMENTS_HOME for start, as for every command that keeps files")
    func dataDirectory() throws {
        let machine = try LiveFixture()
        let elsewhere = machine.folder.path("elsewhere")
        let run = try machine.run(["start", "1s", "--name", "Elsewhere", "--data-dir", elsewhere.path])
        #expect(run.status == 0, "\(run.errors)")
        let store = try HistoryStore.open(locations: StoreLocations(singleDirectory: elsewhere))
        defer { store.close() }
        #expect(store.records.map(\.name.value) == ["Elsewhere"])
        #expect(try machine.history().isEmpty)
    }

    @Test("--no-tty in a terminal prints lines too")
    func noTTY() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "1s", "--no-tty"])
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(!pty.screen.alternateScreen)
        #expect(!String(decoding: pty.output, as: UTF8.self).contains("\u{1B}"))
        #expect(pty.screen.text.contains("Completed: Meditation"))
    }

    @Test("a data folder is a world: a session started with one is invisible to commands given another, by --data-dir or MOMENTS_HOME")
    func dataFolderScopesSessions() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m", "--name", "Mine"])
        #expect(owner.waitForText("Running"), "\(owner.errors)")
        let other = machine.folder.path("other").path
        let status = try machine.run(["status", "--data-dir", other])
        #expect(status.status == 5, "\(status.output)\(status.errors)")
        #expect(!status.output.contains("Mine"))
        var elsewhere = machine.environment
        elsewhere["MOMENTS_HOME"] = other
        let byHome = try BuiltProduct.run("moments", ["status"], environment: elsewhere)
        #expect(byHome.status == 5, "\(byHome.output)\(byHome.errors)")
        let cancel = try machine.run(["cancel", "--data-dir", other])
        #expect(cancel.status == 5, "\(cancel.errors)")
        // The session of the folder given is untouched, and found with it.
        let mine = try machine.run(["status"])
        #expect(mine.status == 0 && mine.output.contains("Mine"), "\(mine.output)\(mine.errors)")
        owner.signal(SIGTERM)
        _ = owner.waitForExit()
    }

    @Test("a negative duration is said to be one, wherever a duration is read: exit 1, nothing made", arguments: [
        ["start", "-5m"], ["start", "--name", "x", "-90s"], ["settings", "set", "default-duration", "-5m"],
    ])
    func negativeDuration(arguments: [String]) throws {
        let machine = try LiveFixture()
        let run = try machine.run(arguments)
        #expect(run.status == 1)
        #expect(run.errors.contains("is negative: a duration is positive"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: machine.data.path), "a folder was made")
    }

    @Test("a duration that cannot be read: exit 1, a message that says what to type, no file made", arguments: [
        ["start", "ten minutes"], ["start", "9h"], ["start", "5m", "--open"], ["start", "--name", ""],
    ])
    func badInput(arguments: [String]) throws {
        let machine = try LiveFixture()
        let run = try machine.run(arguments)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("moments: error: "))
        #expect(!FileManager.default.fileExists(atPath: machine.data.path))
    }

    @Test("a server that cannot be reached: exit 3, said plainly")
    func unreachable() throws {
        let machine = try LiveFixture()
        let start = try machine.run(["start", "5m", "--server", "http://127.0.0.1:9"])
        #expect(start.status == 3)
        #expect(start.errors.contains("cannot be reached"))
        let watch = try machine.run(["watch", "--server", "http://127.0.0.1:9"])
        #expect(watch.status == 3)
        #expect(watch.errors.contains("cannot reach the server"))
    }

    // Every command into a data folder under a file, and every command with no session:
    // ExitTableTests. Here, the line mode's own answer to no session.
    @Test("watch --no-tty with no session running: exit 5 as the full screen's watch does, and how to start one")
    func nothingToWatch() throws {
        let machine = try LiveFixture()
        let run = try machine.run(["watch", "--no-tty"])
        #expect(run.status == 5, "\(run.errors)")
        #expect(run.errors.contains("moments start"), "\(run.errors)")
    }

    @Test("an id that names no session is an input error, exit 1, for watch as for the verbs", arguments: [["watch"], ["pause"]])
    func unknownID(arguments: [String]) throws {
        let machine = try LiveFixture()
        let run = try machine.run(arguments + ["0123456789abcdef0123456789abcdef"])
        #expect(run.status == 1, "\(run.errors)")
    }
}
