import Domain
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Several terminals on one session: whatever any of them asks, every one of them shows
/// once the server pushes it, and a watcher going away changes nothing.
@Suite("Two terminals on one session", .takingTurns)
struct TwoTerminalTests {
    @Test("start and watch: a pause from the watcher shows in both; killing the watcher changes nothing")
    func startAndWatch() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m", "--name", "Shared sit"])
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let watcher = try machine.moments(["watch"])
        #expect(watcher.waitForText("Shared sit"), "watch found nothing: \(watcher.screen.text)\n\(watcher.errors)")
        #expect(watcher.screen.text.contains("Running"))

        watcher.type(" ")
        #expect(watcher.waitForText("Paused"))
        #expect(owner.waitForText("Paused"))

        watcher.signal(SIGKILL)
        #expect(watcher.waitForExit() != nil)
        owner.type(" ")
        #expect(owner.waitForText("Running"))
        owner.type("f")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
        #expect(try machine.history().count == 1)
    }

    @Test("the watcher follows the end: when the owner's server goes away after it, the watcher hosts the ended session until its dismissal")
    func watcherFollowsTheEnd() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m"])
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let watcher = try machine.moments(["watch", "--presentation", "all"])
        #expect(watcher.waitForText("Dynamic Island · expanded"))
        owner.type("f")
        #expect(owner.waitForExit() != nil)
        // An ended session is no outage: the watcher takes the state over (its own runtime
        // file), keeps the outcome shown, and waits for the dismissal.
        #expect(machine.eventually { machine.runtimeFiles().count == 1 }, "the watcher hosts the ended session")
        #expect(watcher.waitForText("Finished early"), "\(watcher.screen.text)")
        #expect(watcher.waitForExit(timeout: .zero) == nil, "the watcher left before the dismissal")
        // q leaves the watch, as it always does (0).
        watcher.type("q")
        #expect(watcher.waitForExit().map(PseudoTerminal.exitCode) == 0)
    }

    @Test("moments serve, start --server and two watchers: one pause shows in all three; the history is written once, by the server")
    func serveStartAndTwoWatchers() throws {
        let machine = try LiveFixture()
        let server = try ServerProcess(dataDirectory: machine.data)
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        let owner = try machine.moments(["start", "5m", "--server", server.baseURL, "--name", "Served"])
        #expect(owner.waitForText("Running"), "\(owner.screen.text)\n\(owner.errors)")
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let first = try machine.moments(["watch", "--server", server.baseURL])
        let second = try machine.moments(["watch", "--presentation", "expanded"])
        #expect(first.waitForText("Served"))
        #expect(second.waitForText("Served"))

        first.type(" ")
        for pty in [owner, first, second] { #expect(pty.waitForText("Paused")) }
        second.type(" ")
        for pty in [owner, first, second] { #expect(pty.waitForText("Running")) }
        second.type("f")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
        #expect(owner.screen.text.contains("Finished early: Served"))
        for watcher in [first, second] {
            #expect(watcher.waitForText("Finished early"))
            watcher.type("q")
            #expect(watcher.waitForExit() != nil)
        }
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        #expect(try machine.history().map(\.name.value) == ["Served"])
    }
}
