import Domain
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A session survives any terminal: when the process hosting the embedded server goes
/// away, even by SIGKILL, a follower takes hosting over on the same durable state; exactly
/// one, also when several race. Its screen goes on, and an intent sent during the hand-over
/// is answered once. The two seconds the hand-over takes is a figure for a benchmark, not
/// for these tests: they wait for it up to ``Patience/hang``, which only a hang reaches.
@Suite("Hosting hand-over", .timeLimit(.minutes(2)), .blocking)
struct HandOverTests {
    /// The running processes whose runtime file says they host the embedded server (the
    /// file of a killed host stays until a `moments` process next reads the folder).
    static func hosts(_ machine: LiveFixture) -> [Int32] {
        machine.runtimeFiles().compactMap { file -> Int32? in
            guard let data = try? Data(contentsOf: file),
                let entry = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                entry["hosts_state_directory"] is String, let pid = (entry["pid"] as? NSNumber)?.int32Value,
                kill(pid, 0) == 0
            else { return nil }
            return pid
        }.sorted()
    }

    /// Starts a session and `count` watchers of it, each showing it.
    static func sessionWatched(by count: Int, in machine: LiveFixture) throws -> (PseudoTerminal, [PseudoTerminal]) {
        let host = try machine.moments(["start", "5m", "--name", "Handed over"])
        #expect(host.waitForText("Running"), "\(host.screen.text)\n\(host.errors)")
        #expect(machine.eventually { hosts(machine) == [host.processID] })
        let watchers = try (0..<count).map { _ in try machine.moments(["watch"]) }
        for watcher in watchers { #expect(watcher.waitForText("Handed over"), "\(watcher.screen.text)\n\(watcher.errors)") }
        return (host, watchers)
    }

    @Test("SIGKILL the host under a watcher: the watcher hosts; a pause sent meanwhile is answered once")
    func underOneWatcher() throws {
        let machine = try LiveFixture()
        let (host, watchers) = try Self.sessionWatched(by: 1, in: machine)
        let watcher = watchers[0]

        host.signal(SIGKILL)
        #expect(host.waitForExit() != nil)
        // Pressed while nobody hosts: sent again with the same intent id until someone does.
        watcher.type(" ")
        #expect(machine.eventually { Self.hosts(machine) == [watcher.processID] },
                "no hand-over: \(Self.hosts(machine))\n\(watcher.errors)")
        #expect(watcher.waitForText("Paused"), "\(watcher.screen.text)")
        #expect(!watcher.screen.text.contains("[!]"), "the pause was refused: \(watcher.screen.text)")

        // The new host serves the session on: a resume, then the end, recorded once.
        watcher.type(" ")
        #expect(watcher.waitForText("Running"))
        watcher.type("f")
        #expect(watcher.waitForText("Finished early"))
        watcher.type("q")
        let status = try #require(watcher.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0, "stopped watching")
        #expect(try machine.history().map(\.name.value) == ["Handed over"])
        #expect(Self.hosts(machine).isEmpty)
    }

    @Test("SIGKILL the host under two watchers: exactly one hosts, and both follow it")
    func underTwoWatchers() throws {
        let machine = try LiveFixture()
        let (host, watchers) = try Self.sessionWatched(by: 2, in: machine)

        host.signal(SIGKILL)
        #expect(host.waitForExit() != nil)
        #expect(machine.eventually { Self.hosts(machine).count == 1 }, "hosts: \(Self.hosts(machine))")
        let newHost = try #require(Self.hosts(machine).first)
        #expect(watchers.map(\.processID).contains(newHost))
        let follower = try #require(watchers.first { $0.processID != newHost })

        follower.type(" ")
        for watcher in watchers { #expect(watcher.waitForText("Paused"), "\(watcher.screen.text)") }
        #expect(Self.hosts(machine) == [newHost], "a second host appeared: \(Self.hosts(machine))")
        for watcher in watchers { watcher.type("q") }
        for watcher in watchers { #expect(watcher.waitForExit() != nil) }
    }

    /// The ways a host goes away besides SIGKILL: `q` then `y`, Ctrl-C, SIGTERM, and
    /// SIGHUP (what a closed window sends).
    enum Leaving: String, CaseIterable, Sendable {
        case quitKeepingItRunning, controlC, sigterm, sighup
    }

    @Test("the host goes away by any path: a watcher takes over and the session keeps running", arguments: Leaving.allCases)
    func hostLeaves(_ leaving: Leaving) throws {
        let machine = try LiveFixture()
        let (host, watchers) = try Self.sessionWatched(by: 1, in: machine)
        switch leaving {
        case .quitKeepingItRunning:
            host.type("q")
            #expect(host.waitForText("Leave it running"))
            host.type("y")
        case .controlC: host.type("\u{03}")
        case .sigterm: host.signal(SIGTERM)
        case .sighup: host.signal(SIGHUP)
        }
        #expect(host.waitForExit() != nil)
        #expect(machine.eventually { Self.hosts(machine) == [watchers[0].processID] },
                "\(leaving): hosts \(Self.hosts(machine))")
        watchers[0].type(" ")
        #expect(watchers[0].waitForText("Paused"))
        watchers[0].type("q")
        #expect(watchers[0].waitForExit() != nil)
    }
}
