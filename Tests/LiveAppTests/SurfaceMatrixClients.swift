import Foundation
import TestSupport
import Testing

/// The real clients the states matrix reads its cells from, beside the pty's screen: a
/// person's i3blocks and tmux, each running `moments bar` as their configuration would.
extension SurfaceMatrixTests {
    /// A real i3blocks running `moments ARGUMENTS` as its one block, persistent and JSON,
    /// as a person's i3blocks.conf would.
    static func i3blocks(on machine: LiveFixture, bar arguments: [String]) throws -> PseudoTerminal {
        let executable = try #require(BarProcessTests.tool("i3blocks"), "i3blocks is not installed: run Scripts/prepare-tests")
        let moments = try BuiltProduct.url(of: "moments").path
        let config = machine.folder.path("i3blocks.conf")
        try "[moments]\ncommand=\(([moments] + arguments).joined(separator: " "))\ninterval=persist\nformat=json\n"
            .write(to: config, atomically: true, encoding: .utf8)
        return try PseudoTerminal(executable: executable, ["-c", config.path], environment: machine.environment, drawsScreen: false)
    }

    /// The `full_text` of the `moments` block in the last status line i3blocks sent i3bar
    /// (`,[{…},{…}]`: i3blocks adds a blank block of its own before it), or nil before its
    /// first line.
    static func lastBlock(of i3blocks: PseudoTerminal) -> String? {
        let lines = String(decoding: i3blocks.output, as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix(",[") }
        guard let last = lines.last,
            let blocks = try? JSONSerialization.jsonObject(with: Data(last.dropFirst().utf8)) as? [[String: Any]]
        else { return nil }
        return blocks.first { $0["name"] as? String == "moments" }.map { $0["full_text"] as? String ?? "" } ?? ""
    }
}

/// A tmux server of its own for a test, one session detached, with `moments bar --format
/// tmux` run by it as a person's `run-shell -b` in `.tmux.conf` would, and no
/// status-interval: whatever its option holds was pushed.
final class TmuxServer {
    let socket: String
    let executable: URL
    let environment: [String: String]
    private let session: PseudoTerminal

    init(on machine: LiveFixture, bar arguments: [String]) throws {
        executable = try #require(BarProcessTests.tool("tmux"), "tmux is not installed: run Scripts/prepare-tests")
        socket = machine.folder.path("tmux.sock").path
        environment = machine.environment
        session = try PseudoTerminal(
            executable: executable, ["-u", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "matrix", "sleep 600"],
            environment: environment, drawsScreen: false)
        _ = session.waitForExit()
        let moments = try BuiltProduct.url(of: "moments").path
        _ = try command(["set-option", "-g", "status-interval", "0"])
        _ = try command(["run-shell", "-b", ([moments] + arguments).joined(separator: " ")])
    }

    /// What `tmux ARGUMENTS` printed, in a pseudo-terminal of its own as a person types it;
    /// `-u`: the environment names no UTF-8 locale, and the glyphs are UTF-8 (without it
    /// tmux prints each as `_`).
    func command(_ arguments: [String]) throws -> String {
        let command = try PseudoTerminal(executable: executable, ["-u", "-S", socket] + arguments, environment: environment, drawsScreen: false)
        _ = command.waitForExit()
        return String(decoding: command.output, as: UTF8.self)
    }

    /// A global option's value.
    func option(_ name: String) throws -> String {
        try command(["show-option", "-gv", name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What starting the server said.
    var errors: String { session.errors }

    func stop() { _ = try? command(["kill-server"]) }
}
