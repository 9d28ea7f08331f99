import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A session started on a server of the person's choosing is found again after the
/// `start` that created it has exited: the client keeps its id and token in the state
/// folder (mode 0600, keyed by server), and forgets it when the session ends.
@Suite("Sessions found again on a remote server", .timeLimit(.minutes(2)), .blocking)
struct RemoteSessionTests {
    /// The remembered sessions file of `machine`, parsed, or `nil` when there is none.
    static func remembered(_ machine: LiveFixture) throws -> [[String: Any]]? {
        let file = machine.data.appendingPathComponent("remote-sessions.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return envelope?["content"] as? [[String: Any]] ?? []
    }

    @Test("a key pressed while the server is down: delivered once it is back within the retries, else shown as not done and never applied",
        arguments: [(outage: 1.5, delivered: true), (outage: 7.0, delivered: false)])
    func intentDuringAnOutage(outage: Double, delivered: Bool) throws {
        let machine = try LiveFixture()
        let data = machine.folder.path("server")
        var server = try ServerProcess(dataDirectory: data)
        let port = server.port
        let pty = try machine.moments(["start", "10m", "--server", server.baseURL, "--name", "Outage"])
        #expect(pty.waitForText("Running"), "\(pty.errors)")
        server.signal(SIGKILL)
        _ = server.waitForExit()
        pty.type(" ")
        // The outage's length is what the case is about, not a wait for an event: the
        // server stays down this long after the key.
        Thread.sleep(forTimeInterval: outage)
        server = try ServerProcess(dataDirectory: data, port: port)
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        if delivered {
            #expect(pty.waitForText("Paused"), "\(pty.screen.text)")
        } else {
            #expect(pty.waitForText("Not paused"), "\(pty.screen.text)")
            // Back on the server, the session runs on: the key was not applied later.
            #expect(pty.waitForScreen { $0.text.contains("▸ Running") && $0.text.contains("Not paused") }, "\(pty.screen.text)")
            #expect(!pty.waitForText("‖ Paused", timeout: .seconds(2)), "\(pty.screen.text)")
        }
        pty.signal(SIGTERM)
        _ = pty.waitForExit()
    }

    @Test("a session on the embedded server and one on --server: a verb without an id lists both and asks which, exit 1; with an id it acts")
    func twoSessionsAsk() throws {
        let machine = try LiveFixture()
        let server = try ServerProcess(dataDirectory: machine.folder.path("server"))
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        let near = try machine.moments(["start", "5m", "--name", "Near"])
        #expect(near.waitForText("Running"), "\(near.errors)")
        let far = try machine.moments(["start", "5m", "--server", server.baseURL, "--name", "Far"])
        #expect(far.waitForText("Running"), "\(far.errors)")
        #expect(machine.eventually { machine.runtimeFiles().count == 2 })

        let asked = try machine.run(["pause"])
        #expect(asked.status == 1, "\(asked.errors)")
        #expect(asked.errors.contains("2 sessions are running"), "\(asked.errors)")
        #expect(asked.errors.contains(server.baseURL) && asked.errors.contains("the embedded server"), "\(asked.errors)")
        #expect(!near.screen.text.contains("Paused") && !far.screen.text.contains("Paused"), "nothing was paused")

        let entries = try machine.runtimeFiles().map { try JSONSerialization.jsonObject(with: Data(contentsOf: $0)) as? [String: Any] }
        let farID = try #require(entries.first { ($0?["server"] as? String) == server.baseURL }??["activity_id"] as? String)
        let paused = try machine.run(["pause", farID])
        #expect(paused.status == 0, "\(paused.errors)")
        #expect(far.waitForText("Paused"))
        #expect(!near.screen.text.contains("Paused"))
        for pty in [near, far] {
            pty.signal(SIGTERM)
            _ = pty.waitForExit()
        }
    }

    @Test("start --server, leave it running; watch --server and start --server find it; ended, status shows it until its dismissal")
    func foundAgain() throws {
        let machine = try LiveFixture()
        let serverData = machine.folder.path("server")
        let server = try ServerProcess(dataDirectory: serverData)
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }

        let first = try machine.moments(["start", "5m", "--server", server.baseURL, "--name", "Far away"])
        #expect(first.waitForText("Running"), "\(first.screen.text)\n\(first.errors)")
        first.type("q")
        #expect(first.waitForText("Leave it running"))
        first.type("y")
        #expect(first.waitForExit().map(PseudoTerminal.exitCode) == 0)

        let file = machine.data.appendingPathComponent("remote-sessions.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let sessions = try #require(try Self.remembered(machine))
        #expect(sessions.count == 1)
        #expect(sessions.first?["server"] as? String == server.baseURL)

        let watcher = try machine.moments(["watch", "--server", server.baseURL])
        #expect(watcher.waitForText("Far away"), "\(watcher.screen.text)\n\(watcher.errors)")
        watcher.type("q")
        #expect(watcher.waitForExit().map(PseudoTerminal.exitCode) == 0)

        let again = try machine.moments(["start", "--server", server.baseURL])
        #expect(again.waitForText("Far away"), "picked up another session: \(again.screen.text)\n\(again.errors)")
        again.type("f")
        #expect(again.waitForExit().map(PseudoTerminal.exitCode) == 2)
        // Ended, it stays remembered until its dismissal: status shows how it ended, as on
        // the embedded server, while nothing is running for a watch to follow.
        #expect(try Self.remembered(machine)?.count == 1, "the ended session is forgotten before its dismissal")
        let ended = try machine.run(["status", "--format", "json", "--server", server.baseURL])
        #expect(ended.status == 0 && ended.output.contains(#""phase":"finishedEarly""#), "\(ended.output)\n\(ended.errors)")

        let nothing = try machine.run(["watch", "--server", server.baseURL])
        #expect(nothing.status == 5)
        #expect(nothing.errors.contains("no session of yours is running"))
    }
}
