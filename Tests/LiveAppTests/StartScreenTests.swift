import Domain
import Foundation
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moments start` as a person runs it, in a real pseudo-terminal, on the embedded server.
@Suite("moments start in a terminal", .blocking)
struct StartScreenTests {
    @Test("start, pause, resume, finish: the screen shows each state; the history holds the session once")
    func pauseResumeFinish() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m", "--name", "Morning sit"])
        #expect(pty.waitForText("Running"), "no timer: \(pty.screen.text)\n\(pty.errors)")
        #expect(pty.screen.text.contains("Morning sit"))
        #expect(pty.screen.alternateScreen && !pty.screen.cursorVisible)
        pty.type(" ")
        #expect(pty.waitForText("Paused"))
        pty.type(" ")
        #expect(pty.waitForText("Running"))
        pty.type("f")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "finished early")
        #expect(!pty.screen.alternateScreen && pty.screen.cursorVisible)
        #expect(pty.screen.text.contains("Finished early: Morning sit"))
        #expect(pty.screen.text.contains("Streak 1 day"))
        let history = try machine.history()
        #expect(history.count == 1)
        #expect(history.first?.outcome == .finishedEarly)
        #expect(history.first?.name.value == "Morning sit")
        #expect(machine.runtimeFiles().isEmpty)
    }

    @Test("a short session completes by itself: bells at the start and the end, exit 0, a summary")
    func completes() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "2s"])
        // The start bell flashes where the state is shown for its first seconds.
        #expect(pty.waitForText("Start bell"))
        let status = try #require(pty.waitForExit(timeout: .seconds(15)))
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(pty.screen.bells >= 2)
        #expect(pty.screen.text.contains("Completed: Meditation"))
        #expect(pty.screen.text.contains("Sat 0:02 of 0:02"))
        #expect(try machine.history().map(\.outcome) == [.completed])
    }

    @Test("c asks first; y cancels: exit 2, recorded as cancelled")
    func cancel() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m"])
        #expect(pty.waitForText("Running"))
        pty.type("c")
        #expect(pty.waitForText("Cancel the session"))
        pty.type("n")
        #expect(pty.waitForScreen { !$0.text.contains("Cancel the session") && $0.text.contains("Running") })
        pty.type("c")
        #expect(pty.waitForText("Cancel the session"))
        pty.type("y")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
        #expect(try machine.history().map(\.outcome) == [.cancelled])
    }

    @Test("+ moves the target by a minute once the push comes back")
    func adjust() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m"])
        #expect(pty.waitForText("of 5:00"))
        pty.type("+")
        #expect(pty.waitForText("of 6:00"))
        pty.type("-")
        #expect(pty.waitForText("of 5:00"))
        pty.signal(SIGTERM)
        #expect(pty.waitForExit() != nil)
    }

    @Test("SIGWINCH: the screen is redrawn whole at the new size")
    func resize() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m"])
        #expect(pty.waitForText("Running"))
        pty.resize(to: Size(width: 50, height: 12))
        #expect(pty.waitForText("Running"), "not redrawn after the resize: \(pty.screen.text)")
        pty.signal(SIGTERM)
        #expect(pty.waitForExit() != nil)
    }

    @Test("SIGTERM: the terminal is restored byte for byte; the session keeps running and the next start picks it up")
    func sigtermThenPickUp() throws {
        let machine = try LiveFixture()
        let first = try machine.moments(["start", "5m", "--name", "Kept"])
        #expect(first.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        first.signal(SIGTERM)
        let status = try #require(first.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
        #expect(PseudoTerminal.bytes(of: first.attributes()) == PseudoTerminal.bytes(of: first.initialAttributes))
        let output = String(decoding: first.output, as: UTF8.self)
        let leave = try #require(output.range(of: "\u{1B}[?1049l", options: .backwards))
        #expect(output[..<leave.lowerBound].hasSuffix("\u{1B}[0m\u{1B}[?25h"))
        #expect(!first.screen.alternateScreen && first.screen.cursorVisible)
        #expect(machine.runtimeFiles().isEmpty)
        #expect(try machine.history().isEmpty)

        let second = try machine.moments(["start"])
        #expect(second.waitForText("Kept"), "the kept session was not picked up: \(second.screen.text)")
        #expect(second.screen.text.contains("of 5:00"))
        second.type("f")
        #expect(second.waitForExit() != nil)
        let history = try machine.history()
        #expect(history.count == 1)
        #expect(history.first?.name.value == "Kept")
    }

    /// A machine where `moments start 10m --name NAME` was quit with its session left running.
    static func leftRunning(_ name: String) throws -> LiveFixture {
        let machine = try LiveFixture()
        let first = try machine.moments(["start", "10m", "--name", name])
        #expect(first.waitForText("Running"))
        first.type("q")
        #expect(first.waitForText("Leave it running"))
        first.type("y")
        _ = first.waitForExit()
        return machine
    }

    @Test("start 5m over a session left running asks at once whether to replace it: n keeps it, y finishes it and starts the new one")
    func startOverARunningSession() throws {
        let machine = try Self.leftRunning("Left")

        // Asked on the screen at once, over the session it found: never shown in silence.
        let keeping = try machine.moments(["start", "5m", "--name", "New"])
        #expect(
            keeping.waitForScreen { $0.text.contains("Already running: replace it?") && $0.text.contains("Left") },
            "\(keeping.screen.text)\n\(keeping.errors)")
        keeping.type("n")
        #expect(keeping.waitForScreen { !$0.text.contains("replace it?") && $0.text.contains("Left") })
        keeping.type("q")
        #expect(keeping.waitForText("Leave it running"))
        keeping.type("y")
        _ = keeping.waitForExit()
        #expect(try machine.history().isEmpty)

        let replacing = try machine.moments(["start", "5m", "--name", "New"])
        #expect(
            replacing.waitForScreen { $0.text.contains("Already running: replace it?") && $0.text.contains("Left") },
            "\(replacing.screen.text)")
        replacing.type("y")
        #expect(replacing.waitForScreen { $0.text.contains("New") && $0.text.contains("of 5:00") }, "\(replacing.screen.text)")
        #expect(try machine.history().map(\.name.value) == ["Left"])
        #expect(try machine.history().map(\.outcome) == [.finishedEarly])
        replacing.type("f")
        let status = try #require(replacing.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2)
        #expect(Set(try machine.history().map(\.name.value)) == ["Left", "New"])
    }

    @Test("in lines, start 5m over a session left running says so at once, on its first line")
    func startOverARunningSessionInLines() throws {
        let machine = try Self.leftRunning("Left")
        let lines = try machine.moments(["start", "5m", "--no-tty"])
        #expect(lines.waitForText("A session was already running; showing it."), "\(lines.screen.text)")
        lines.signal(SIGTERM)
        _ = lines.waitForExit()
    }

    @Test("q asks whether the session keeps running; y leaves it running, exit 0; watch picks it up and hosts it")
    func quitKeepsRunning() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m", "--name", "Left running"])
        #expect(pty.waitForText("Running"))
        pty.type("q")
        #expect(pty.waitForText("Leave it running"))
        pty.type("y")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(pty.screen.text.contains("keeps running"))

        let watcher = try machine.moments(["watch"])
        #expect(watcher.waitForText("Left running"), "watch did not pick it up: \(watcher.screen.text)\n\(watcher.errors)")
        watcher.type("f")
        #expect(watcher.waitForText("Finished early"))
        watcher.type("q")
        #expect(watcher.waitForExit() != nil)
        #expect(try machine.history().map(\.outcome) == [.finishedEarly])
    }

    @Test("the runtime file is the user's alone and names the session and its token")
    func runtimeFile() throws {
        let machine = try LiveFixture()
        let pty = try machine.moments(["start", "5m"])
        #expect(pty.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let file = try #require(machine.runtimeFiles().first)
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(file.deletingLastPathComponent().path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(entry?["pid"] as? Int == Int(pty.processID))
        #expect((entry?["server"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        #expect((entry?["token"] as? String)?.count == 64)
        pty.signal(SIGTERM)
        #expect(pty.waitForExit() != nil)
        #expect(machine.runtimeFiles().isEmpty)
    }
}
