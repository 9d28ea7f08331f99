import Domain
import Fixtures
import Foundation
import LiveApp
import Rendering
import SyncProtocol
import Testing

#if canImport(Glibc)
    import Glibc
#endif
import SyncAuthority

/// `moments status` and the control verbs in-process, on the real server over a preview
/// storage and clock (``InProcessCommandTests/App``): what they print, their exit
/// statuses, and that a refused or bad command leaves the session as it was. The session
/// is announced in the runtime folder as a `moments start` announces it, so each command
/// follows the server rather than hosting it.
@Suite(.timeLimit(.minutes(1)))
struct StatusCommandTests {
    typealias App = InProcessCommandTests.App

    /// An app whose server holds `script`'s session at the instant the script is shown,
    /// announced as a `start` showing it announces it.
    static func app(playing script: SessionScript = SessionScriptMother.makeScript()) async throws -> (App, CreatedActivity) {
        let app = App()
        let created = try await script.play(on: app.host.server, clock: app.clock)
        app.clock.advance(by: script.shownAt.timeIntervalSince(app.clock.now()))
        await app.host.server.tick()
        try app.runtime.write(RuntimeEntry(
            processID: getpid(), server: "http://127.0.0.1:1", hostsStateDirectory: app.host.stateFolder,
            activityID: created.id, token: created.token))
        return (app, created)
    }

    @Test("no session: each format prints its empty form (the catalog's) and exits 5", arguments: StatusLineFormat.allCases)
    func noSession(format: StatusLineFormat) async throws {
        let app = App()
        let status = await app.run(["status", "--format", format.rawValue])
        #expect(status == ExitStatus.noSession.rawValue, "\(app.console.errors)")
        let empty = try #require(Catalog.scenario(id: "StatusBars/Line/noSession")?.recipe as? StatusLineRecipe)
        #expect(app.console.output == empty.line.text(format, at: empty.instant) + "\n")
        #expect(app.console.errors.isEmpty)
    }

    @Test(
        "status prints exactly what the catalog renders for the same pushed state",
        arguments: ["inProgress", "paused", "completed", "finishedEarly", "cancelled", "stale", "openEnded", "expired"])
    func sameAsCatalog(state: String) async throws {
        let scenario = try #require(Catalog.scenario(id: "StatusBars/Line/" + state))
        let recipe = try #require(scenario.recipe as? SessionRecipe)
        guard case .pushed(let script) = recipe.provenance else {
            Issue.record("\(scenario.id) is not a pushed state")
            return
        }
        for format in StatusLineFormat.allCases {
            let (app, _) = try await Self.app(playing: script)
            let status = await app.run(["status", "--format", format.rawValue])
            #expect(status == 0, "\(app.console.errors)")
            #expect(app.console.output == StatusLine(session: recipe.display).text(format, at: recipe.instant) + "\n", "\(format)")
        }
    }

    @Test("pause, pause again, toggle, extend: each prints the answered state; the second pause changes nothing and exits 0")
    func verbs() async throws {
        let (app, created) = try await Self.app()
        #expect(await app.run(["pause"]) == 0, "\(app.console.errors)")
        #expect(app.console.output.hasPrefix("‖ 2:05 41% Morning sit\n"), "\(app.console.output)")
        let paused = try await app.host.server.snapshot(of: created.id)
        #expect(await app.run(["pause"]) == 0)
        #expect(try await app.host.server.snapshot(of: created.id).version == paused.version, "a pause when paused changes nothing")
        #expect(await app.run(["toggle"]) == 0)
        #expect(try await app.host.server.snapshot(of: created.id).activity.content.isPaused == false)
        #expect(await app.run(["extend", "+5m"]) == 0, "\(app.console.errors)")
        #expect(try await app.host.server.snapshot(of: created.id).activity.content.targetTimeInSeconds == 600)
        #expect(app.console.output.hasSuffix("▸ 2:05 20% Morning sit\n"), "\(app.console.output)")
        #expect(await app.run(["extend", "-90s"]) == 0, "\(app.console.errors)")
        #expect(try await app.host.server.snapshot(of: created.id).activity.content.targetTimeInSeconds == 510)
        #expect(await app.run(["extend", "--", "-30s"]) == 0, "\(app.console.errors)")
        #expect(try await app.host.server.snapshot(of: created.id).activity.content.targetTimeInSeconds == 480)
    }

    @Test("a bad extend, or one the server refuses, exits 1, says what to do, and leaves the session as it was",
        arguments: [["extend", "soon"], ["extend", "-4m"], ["extend", "--", "-4m"], ["extend", "+9h"], ["extend", "-x"], ["extend"]])
    func badExtend(arguments: [String]) async throws {
        let (app, created) = try await Self.app()
        let before = try await app.host.server.snapshot(of: created.id)
        #expect(await app.run(arguments) == ExitStatus.usageOrInput.rawValue)
        #expect(!app.console.errors.isEmpty)
        #expect(app.console.output.isEmpty)
        #expect(try await app.host.server.snapshot(of: created.id) == before)
    }

    @Test("an extend past 8 hours names the amount as it was typed, its sign too", arguments: [
        (["extend", "+9h"], "+9h"), (["extend", "99999h"], "+99999h"), (["extend", "--", "-9h30m"], "-9h30m"), (["extend", "+0"], "+0s"),
    ])
    func extendOutOfRange(arguments: [String], named: String) async throws {
        let (app, created) = try await Self.app()
        let before = try await app.host.server.snapshot(of: created.id)
        #expect(await app.run(arguments) == ExitStatus.usageOrInput.rawValue)
        #expect(app.console.errors.contains("Moving the target by \(named) is out of range"), "\(app.console.errors)")
        #expect(app.console.errors.contains("1 second to 8 hours"), "\(app.console.errors)")
        #expect(try await app.host.server.snapshot(of: created.id) == before)
    }

    @Test("a --server that is no address is refused before anything is tried, saying how to write one", arguments: [
        ["status", "--server", "notaurl"], ["pause", "--server", "127.0.0.1:7460"], ["start", "5m", "--server", "http://:1", "--no-tty"],
    ])
    func serverThatIsNoAddress(arguments: [String]) async throws {
        let app = App()
        #expect(await app.run(arguments) == ExitStatus.usageOrInput.rawValue)
        #expect(app.console.errors.contains("write it as http://HOST:PORT"), "\(app.console.errors)")
        #expect(!app.console.errors.contains("cannot be reached"), "\(app.console.errors)")
    }

    @Test("finish exits 2 as start does for a session finished early; after the end a verb is refused with status 1")
    func finishThenPause() async throws {
        let (app, _) = try await Self.app()
        #expect(await app.run(["finish"]) == ExitStatus.endedEarly.rawValue)
        #expect(app.console.output.hasPrefix("◐ 2:05 41% Morning sit"), "\(app.console.output)")
        #expect(await app.run(["pause"]) == ExitStatus.usageOrInput.rawValue)
        #expect(app.console.errors.contains("cannot pause"), "\(app.console.errors)")
    }

    @Test("a verb with no session exits 5 and says so; an unknown id exits 1", arguments: ["pause", "resume", "toggle", "finish", "cancel"])
    func noSessionToControl(verb: String) async throws {
        let app = App()
        #expect(await app.run([verb]) == ExitStatus.noSession.rawValue)
        #expect(app.console.errors.contains("no session is running"), "\(app.console.errors)")
        let (other, _) = try await Self.app()
        #expect(await other.run([verb, "no-such-id"]) == ExitStatus.usageOrInput.rawValue)
        #expect(await other.run(["status", "no-such-id"]) == ExitStatus.usageOrInput.rawValue)
        #expect(other.console.errors.contains("no-such-id"))
    }
}
