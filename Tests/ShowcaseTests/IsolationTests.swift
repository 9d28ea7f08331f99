import ShowcaseApp
import ShowcaseComposition
import LiveApp
import Fixtures
import Foundation
import Sync
import Synchronization
import Testing
import TestSupport

/// The showcase touches no live dependency: no server, no socket, none of the person's
/// files, at start-up or in any command. Proved twice: in-process, where every live
/// dependency of the composition is a double that records any call; and as a process,
/// whose home and XDG folders are watched by inotify for any access at all.
struct IsolationTests {
    /// Output captured from an in-process run.
    final class Captured: Sendable {
        let text = Mutex("")
        func append(_ more: String) { text.withLock { $0 += more } }
    }

    static let commands: [[String]] = [
        ["--help"], ["--version"], ["list"], ["list", "--json", "--search", "timer"],
        ["render", "LiveActivity/LockScreen/paused", "--color", "truecolor"],
        ["render", "History/List/hundredThousand", "--scheme", "light"], ["variants", "Widgets/Small/preset"],
        ["render", "No/Such/scenario"],
    ]

    @Test("in-process, no command calls a live dependency", arguments: commands)
    func inProcess(arguments: [String]) async throws {
        let output = Captured()
        let calls = ForbiddenCalls()
        let composition = ShowcaseRoot.dependencies(
            forbiddenCalls: calls, environment: ["TERM": "xterm-256color"], outputIsTerminal: true, output: output.append,
            errors: output.append)
        _ = await ShowcaseApp.run(arguments, with: composition)
        #expect(!output.text.withLock { $0 }.isEmpty)
        #expect(calls.all.isEmpty)
    }

    @Test("in-process, both exports call no live dependency")
    func exportsInProcess() async throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let output = Captured()
        let calls = ForbiddenCalls()
        let composition = ShowcaseRoot.dependencies(
            forbiddenCalls: calls, environment: [:], outputIsTerminal: false, output: output.append, errors: output.append)
        let status = await ShowcaseApp.run(
            ["export", "--text", scratch.path("text").path, "--html", scratch.path("html").path], with: composition)
        #expect(status == 0)
        #expect(calls.all.isEmpty)
    }

    @Test("the composition's live dependencies fail loudly, and say so, when called")
    func doublesFail() async throws {
        let calls = ForbiddenCalls()
        let composition = ShowcaseRoot.dependencies(
            forbiddenCalls: calls, environment: [:], outputIsTerminal: false, output: { _ in }, errors: { _ in })
        #expect(throws: (any Error).self) { try composition.storage.load() }
        #expect(throws: (any Error).self) { try composition.storage.commit([]) }
        await #expect(throws: SyncError.self) { try await composition.connection.activities() }
        await #expect(throws: (any Error).self) { try await composition.clock.sleep(until: InstantMother.morning) }
        #expect(composition.history.records.isEmpty)
        #expect(composition.history.records(startedIn: InstantMother.morning..<Date.distantFuture).isEmpty)
        #expect(calls.all == [
            "SyncStorage.load()", "SyncStorage.commit(_:)", "SyncConnection.activities()", "SyncClock.sleep(until:)",
            "SessionHistory.records", "SessionHistory.records(startedIn:)",
        ])
    }

    @Test("as a process, it neither reads nor writes anything under HOME, the XDG folders or MOMENTS_HOME")
    func noFilesTouched() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let names = ["home", "config", "data", "state", "cache", "moments"]
        for name in names { try FileManager.default.createDirectory(at: scratch.path(name), withIntermediateDirectories: true) }
        // What a person's settings would look like, as bait.
        let settings = scratch.path("config/little-moments")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: settings.appendingPathComponent("settings.json"))
        let before = scratch.tree()
        let environment = [
            "HOME": scratch.path("home").path, "XDG_CONFIG_HOME": scratch.path("config").path,
            "XDG_DATA_HOME": scratch.path("data").path, "XDG_STATE_HOME": scratch.path("state").path,
            "XDG_CACHE_HOME": scratch.path("cache").path, "MOMENTS_HOME": scratch.path("moments").path,
            "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
        ]
        let watch = try FolderWatch(names.map(scratch.path) + [settings])
        for arguments in Self.commands.filter({ $0 != ["render", "No/Such/scenario"] }) {
            let run = try BuiltProduct.run("moments-showcase", arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        #expect(watch.events() == [])
        #expect(scratch.tree() == before)
        // The watch does see a read: the bait, opened here, shows up.
        _ = try Data(contentsOf: settings.appendingPathComponent("settings.json"))
        #expect(watch.events().contains { $0.hasSuffix("/settings.json: 0x20") })
    }
}
