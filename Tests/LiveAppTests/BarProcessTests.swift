import Domain
import Foundation
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moments bar` as a status bar runs it: a real process beside a `moments start` in a
/// pseudo-terminal, fed by the embedded server's sessions stream; and the real clients
/// that read it, i3blocks and tmux (Debian's packages, installed by Scripts/prepare-tests).
@Suite("moments bar beside a running start", .takingTurns)
struct BarProcessTests {
    @Test("a bar started before any session shows the empty form, picks up the next start by itself, and prints a pause from another process at once")
    func followsWithoutPolling() throws {
        let machine = try LiveFixture()
        let bar = try machine.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#"{"class":"none","percentage":0,"text":"","tooltip":""}"#), "\(bar.errors)")

        let owner = try machine.moments(["start", "5m", "--name", "Bar sit"])
        #expect(owner.waitForText("Running"))
        #expect(bar.waitForOutput(#""class":"running""#), "\(bar.errors)")
        #expect(bar.waitForOutput("Bar sit"))

        #expect(try machine.run(["pause"]).status == 0)
        #expect(bar.waitForOutput(#""class":"paused""#), "\(bar.errors)")
        #expect(try machine.run(["finish"]).status == 2)
        #expect(bar.waitForOutput(#""class":"finishedEarly""#), "\(bar.errors)")
        // Each line is one JSON object with waybar's four keys.
        _ = owner.waitForExit()
        bar.signal(SIGTERM)
        #expect(bar.waitForExit() != nil)
        let lines = String(decoding: bar.output, as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix("{") }
        #expect(lines.count >= 4)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["text", "tooltip", "class", "percentage"], "\(line)")
        }
    }

    @Test("a sit that ends and whose start exits stays shown as it ended: its host going away is no outage")
    func endedIsNoOutage() throws {
        let machine = try LiveFixture()
        let bar = try machine.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#""class":"none""#), "\(bar.errors)")
        let owner = try machine.moments(["start", "2s", "--name", "Short sit"])
        #expect(bar.waitForOutput(#""class":"completed""#), "\(bar.errors)")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 0)
        // The bar hears its stream end with the embedded server; it looks for another
        // server and finds none. Nothing it prints after says the session is reconnecting:
        // waited for as the event itself, which ends the wait at once if it comes.
        #expect(!bar.waitForOutput(#""class":"reconnecting""#, timeout: .seconds(3)), "\(bar.errors)")
        bar.signal(SIGTERM)
        #expect(bar.waitForExit() != nil)
        let lines = String(decoding: bar.output, as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix("{") }
        let afterTheEnd = lines.drop { !$0.contains(#""class":"completed""#) }
        #expect(!afterTheEnd.isEmpty)
        for line in afterTheEnd { #expect(line.contains(#""class":"completed""#) || line.contains(#""class":"none""#), "\(line)") }
    }

    @Test("the host killed: the bar shows the session reconnecting, then follows the watch that hosts it next, without polling")
    func survivesTheHostGoing() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "10m", "--name", "Handed"])
        #expect(owner.waitForText("Running"))
        let bar = try machine.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#""class":"running""#), "\(bar.errors)")
        owner.signal(SIGKILL)
        _ = owner.waitForExit()
        #expect(bar.waitForOutput(#""class":"reconnecting""#), "\(bar.errors)")
        // The session was left in the state; a watch takes the hosting over, and the bar
        // hears of the new host from the runtime folder.
        let watcher = try machine.moments(["watch"])
        #expect(watcher.waitForText("Handed"), "\(watcher.errors)")
        #expect(try machine.run(["pause"]).status == 0)
        #expect(bar.waitForOutput(#""class":"paused""#), "\(bar.errors)")
        bar.signal(SIGTERM)
        #expect(bar.waitForExit() != nil)
        watcher.signal(SIGTERM)
        _ = watcher.waitForExit()
    }

    @Test("i3bar: the protocol's header, then status lines; a left click pauses the session, a right click finishes it")
    func i3barClicks() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m", "--name", "Clicked"])
        #expect(owner.waitForText("Running"))
        let bar = try machine.moments(["bar", "--format", "i3bar"])
        #expect(bar.waitForOutput(#"{"version":1,"click_events":true}"#))
        #expect(bar.waitForOutput(##"[{"color":"#"##), "\(bar.errors)")
        #expect(bar.waitForOutput(#""name":"moments""#))
        bar.type("[\n{\"name\":\"moments\",\"button\":1,\"x\":10,\"y\":5}\n")
        #expect(owner.waitForText("Paused"), "\(bar.errors)")
        bar.type(",{\"name\":\"moments\",\"button\":3}\n")
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "finished early by the right click")
    }

    @Test("real i3blocks runs the bar as a persistent JSON block and shows each change; the bar ends with it")
    func i3blocks() throws {
        let machine = try LiveFixture()
        let i3blocks = try #require(Self.tool("i3blocks"), "i3blocks is not installed: run Scripts/prepare-tests")
        let moments = try BuiltProduct.url(of: "moments").path
        let config = machine.folder.path("i3blocks.conf")
        try """
            [moments]
            command=\(moments) bar --format i3blocks
            interval=persist
            format=json

            """.write(to: config, atomically: true, encoding: .utf8)
        let owner = try machine.moments(["start", "5m", "--name", "Blocks"])
        #expect(owner.waitForText("Running"))
        let bar = try PseudoTerminal(executable: i3blocks, ["-c", config.path], environment: machine.environment)
        // i3blocks speaks the i3bar protocol itself: its header, then arrays of blocks.
        #expect(bar.waitForOutput(#""version":1"#), "\(bar.errors)")
        #expect(bar.waitForOutput("Blocks"), "\(bar.errors)")
        #expect(try machine.run(["pause"]).status == 0)
        #expect(bar.waitForOutput("‖ "), "\(bar.errors)")
        // i3blocks ignores SIGTERM. Once it is gone the bar ends with its reader, at once,
        // though the paused session gives it nothing to write.
        bar.signal(SIGKILL)
        _ = bar.waitForExit()
        #expect(machine.eventually { !Self.running("bar --format i3blocks", in: machine) }, "the bar ended with its reader")
    }

    @Test("with nothing to show, a bar ends with whoever reads it: i3blocks killed, tmux's server gone")
    func endsWithItsReader() throws {
        let machine = try LiveFixture()
        let moments = try BuiltProduct.url(of: "moments").path
        // i3blocks: the bar's standard output and input are its pipes.
        let config = machine.folder.path("i3blocks.conf")
        try "[moments]\ncommand=\(moments) bar --format i3blocks\ninterval=persist\nformat=json\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let i3blocks = try PseudoTerminal(
            executable: try #require(Self.tool("i3blocks"), "run Scripts/prepare-tests"), ["-c", config.path],
            environment: machine.environment)
        // Each bar has written its first line (the empty form): it runs, and waits.
        #expect(i3blocks.waitForOutput(#"[{"full_text":""}]"#), "\(i3blocks.errors)")
        #expect(machine.eventually { Self.running("bar --format i3blocks", in: machine) })
        // tmux: `run-shell -b` gives the bar a socket to its server.
        let tmux = try TmuxServer(on: machine, bar: ["bar", "--format", "tmux"])
        #expect(machine.eventually { (try? tmux.command(["show-options", "-g"]))?.contains("@moments") == true }, "\(tmux.errors)")
        #expect(machine.eventually { Self.running("bar --format tmux", in: machine) }, "\(tmux.errors)")
        // No session and no server: nothing will give either bar a line to write.
        i3blocks.signal(SIGKILL)
        _ = i3blocks.waitForExit()
        tmux.stop()
        #expect(machine.eventually { !Self.running("bar --format i3blocks", in: machine) }, "the bar ended with i3blocks")
        #expect(machine.eventually { !Self.running("bar --format tmux", in: machine) }, "the bar ended with tmux")
    }

    /// Whether a `moments` with `arguments` in its command line runs with this fixture's data folder.
    /// (The `moments` itself: not the shell that runs it, nor a `tmux run-shell` naming it.)
    static func running(_ arguments: String, in machine: LiveFixture) -> Bool {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let moments = (try? BuiltProduct.url(of: "moments").resolvingSymlinksInPath().path) ?? "moments"
        return processes.contains { pid in
            guard Int32(pid) != nil,
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == moments,
                let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8),
                command.replacing("\0", with: " ").contains(arguments),
                let environment = try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)
            else { return false }
            return environment.contains(machine.data.path)
        }
    }

    @Test("tmux: the status line follows a session started in one of its panes, with status-interval 0 (no polling); the bar ends with its tmux")
    func tmuxStatusLine() throws {
        let machine = try LiveFixture()
        let tmux = try #require(Self.tool("tmux"), "tmux is not installed: run Scripts/prepare-tests")
        let moments = try BuiltProduct.url(of: "moments").path
        let socket = machine.folder.path("tmux.sock").path
        // Every tmux command in a pseudo-terminal of its own, as a person types it; its output is what it printed.
        func tmuxCommand(_ arguments: [String]) throws -> String {
            let command = try PseudoTerminal(
                executable: tmux, ["-S", socket] + arguments, environment: machine.environment, drawsScreen: false)
            _ = command.waitForExit()
            return String(decoding: command.output, as: UTF8.self)
        }
        // The client a person looks at: tmux in a terminal, the session in its one pane.
        let client = try PseudoTerminal(
            executable: tmux, ["-u", "-S", socket, "-f", "/dev/null", "new-session", "-s", "sit", "\(moments) start 5m --name Paned"],
            environment: machine.environment, size: Size(width: 100, height: 30), drawsScreen: false)
        defer { _ = try? tmuxCommand(["kill-server"]) }
        // tmux draws with sequences the suite's screen model does not take: its bytes are
        // read. `-u`: the environment names no UTF-8 locale, and the glyphs are UTF-8.
        #expect(client.waitForOutput("Running"), "the session runs in the pane: \(client.errors)")
        _ = try tmuxCommand(["set-option", "-g", "status-interval", "0"])
        _ = try tmuxCommand(["set-option", "-g", "status-right", "[#{@moments}]"])
        _ = try tmuxCommand(["set-option", "-g", "status-right-length", "60"])
        _ = try tmuxCommand(["run-shell", "-b", "\(moments) bar --format tmux"])
        #expect(client.waitForOutput(" Paned]"), "the status line shows the session: \(client.errors)")
        #expect(try machine.run(["pause"]).status == 0)
        // The status line's "‖ 0:07 2%" (the pane says "‖ Paused"), drawn with no status-interval.
        #expect(client.waitForOutput("‖ 0:"), "the status line shows the pause at once")
        let option = try tmuxCommand(["show-option", "-gv", "@moments"])
        #expect(option.contains("#[fg=") && option.contains("Paned"), "\(option)")
        // The tmux server gone, the bar that it ran ends too (tmux signals only the shell
        // of `run-shell`), though the paused session gives it nothing to write.
        _ = try tmuxCommand(["kill-server"])
        #expect(machine.eventually { !Self.running("bar --format tmux", in: machine) }, "the bar ended with its tmux")
        client.signal(SIGTERM)
    }

    /// An installed tool, by its Debian path.
    static func tool(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
