import Foundation
import Rendering
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `moments-showcase play` as a person runs it, in a real pseudo-terminal: the live app's
/// own loop on the real sync server over a preview storage and a preview clock. Keys move the session through
/// the same push path as `moments start`, and the process opens no socket and writes no
/// file, which its system calls, traced one by one, prove.
@Suite(.timeLimit(.minutes(2)), .blocking)
struct PlayTests {
    static let environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"]

    /// `moments-showcase play SCENARIO` in a pty of 100 × 30.
    static func play(_ scenario: String) throws -> PseudoTerminal {
        try PseudoTerminal(
            product: "moments-showcase", ["play", scenario], environment: environment, size: Size(width: 100, height: 30))
    }

    @Test("a timer scenario: space shows Paused, space again Running, q then y leaves with the terminal restored")
    func timer() throws {
        let pty = try Self.play("Timer/Screen/inProgress")
        #expect(pty.waitForText("▸ Running"), "\(pty.screen.text)\n\(pty.errors)")
        #expect(pty.screen.alternateScreen && pty.screen.text.contains("Morning sit"))
        pty.type(" ")
        #expect(pty.waitForText("‖ Paused"))
        pty.type(" ")
        #expect(pty.waitForText("▸ Running"))
        pty.type("q")
        #expect(pty.waitForText("Leave it running"))
        pty.type("y")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(!pty.screen.alternateScreen && pty.screen.cursorVisible)
        #expect(PseudoTerminal.bytes(of: pty.attributes()) == PseudoTerminal.bytes(of: pty.initialAttributes))
        #expect(pty.screen.text.contains("nothing was saved"))
    }

    @Test("a warm-up scenario counts down on the preview clock, then the server rings the start bell and the screen flashes it")
    func bellProgram() throws {
        let pty = try Self.play("Timer/Screen/warmUp")
        #expect(pty.waitForText("◌ Warm-up"), "\(pty.screen.text)\n\(pty.errors)")
        #expect(pty.waitForText("🔔 Start bell"), "\(pty.screen.text)\n\(pty.errors)")
        #expect(pty.waitForText("▸ Running"), "the flash ends, the sit runs")
        pty.type("q")
        #expect(pty.waitForText("Leave it running"))
        pty.type("y")
        #expect(pty.waitForExit() != nil)
    }

    @Test("f finishes the session through the server, and play says how it ended")
    func finish() throws {
        let pty = try Self.play("Timer/Screen/paused")
        #expect(pty.waitForText("‖ Paused"))
        pty.type("f")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(pty.screen.text.contains("Finished early: Morning sit"))
    }

    @Test("a Live Activity scenario plays as moments watch shows it: the presentation, its keys, q leaves")
    func liveActivity() throws {
        let pty = try Self.play("LiveActivity/LockScreen/paused")
        #expect(pty.waitForText("Lock screen"), "\(pty.screen.text)\n\(pty.errors)")
        #expect(pty.waitForText("[space] Resume"))
        pty.type(" ")
        #expect(pty.waitForText("[space] Pause"))
        pty.type("q")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        #expect(!pty.screen.alternateScreen)
    }

    @Test("an unknown id exits 1 with the nearest ids; a scenario nothing pushes to says what to do instead")
    func refusals() throws {
        let unknown = try BuiltProduct.run("moments-showcase", ["play", "Timer/Screen/inProgres"], environment: Self.environment)
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("Timer/Screen/inProgress"))
        let notPushed = try BuiltProduct.run("moments-showcase", ["play", "Widgets/Small/preset"], environment: Self.environment)
        #expect(notPushed.status == 1)
        #expect(notPushed.errors.contains("moments-showcase render Widgets/Small/preset"))
    }

    @Test("traced call by call, play opens no socket, writes no file and reads nothing of the person's")
    func systemCalls() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let trace = scratch.path("play.trace")
        let home = scratch.path("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = Self.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.path
        environment["XDG_STATE_HOME"] = home.path
        environment["MOMENTS_HOME"] = home.path
        let strace = try #require(
            ["/usr/bin/strace", "/bin/strace"].map(URL.init(fileURLWithPath:)).first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            }, "strace is not installed: run Scripts/prepare-tests")
        let pty = try PseudoTerminal(
            executable: strace,
            ["-f", "-qq", "-o", trace.path, "-e", "trace=%network,%file", BuiltProduct.url(of: "moments-showcase").path,
             "play", "Timer/Screen/inProgress"],
            environment: environment, size: Size(width: 100, height: 30))
        #expect(pty.waitForText("▸ Running"), "\(pty.screen.text)\n\(pty.errors)")
        pty.type(" ")
        #expect(pty.waitForText("‖ Paused"))
        pty.type("f")
        let status = try #require(pty.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)

        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(calls.contains { $0.contains("openat(") }, "the trace saw no call at all")
        let network = calls.filter { line in
            ["socket(", "connect(", "bind(", "listen(", "accept(", "sendto(", "socketpair("].contains { line.contains($0) }
        }
        #expect(network.isEmpty, "play used the network:\n\(network.joined(separator: "\n"))")
        let writes = calls.filter { line in
            ["O_WRONLY", "O_RDWR", "O_CREAT", "unlink", "rename", "mkdir", "creat("].contains { line.contains($0) }
                && !line.contains("/dev/tty") && !line.contains("/dev/pts/")
        }
        #expect(writes.isEmpty, "play wrote or changed files:\n\(writes.joined(separator: "\n"))")
        let personal = calls.filter { $0.contains(home.path) }
        #expect(personal.isEmpty, "play touched the person's folders:\n\(personal.joined(separator: "\n"))")
    }
}
