import ChildProcesses
import Dispatch
import LiveApp

#if canImport(Glibc)
    import Glibc
#endif

/// tmux's status line through the `tmux` command (``LiveApp/TmuxStatus``): `tmux set-option
/// -g OPTION VALUE`, then `tmux refresh-client -S` for each attached client. Inside tmux
/// (`run-shell`, a pane) `TMUX` in the environment names the server, as for any tmux
/// command.
public struct TmuxCommand: TmuxStatus {
    /// The environment `tmux` runs with (its `PATH`, `TMUX`, `TMUX_TMPDIR`).
    let environment: [String: String]

    /// The `tmux` on `environment`'s `PATH`.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    public func show(_ value: String, in option: String) async -> Bool {
        guard await run(["set-option", "-g", option, value]).status == 0 else { return false }
        let clients = await run(["list-clients", "-F", "#{client_name}"])
        for client in clients.output.split(separator: "\n") {
            _ = await run(["refresh-client", "-S", "-t", String(client)])
        }
        return true
    }

    /// Runs `tmux ARGUMENTS` to its end, off the cooperative pool: its exit status (-1 when
    /// it could not start) and what it printed.
    private func run(_ arguments: [String]) async -> (status: Int32, output: String) {
        let environment = self.environment
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: Self.spawn(arguments, environment: environment))
            }
        }
    }

    private static func spawn(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: String) {
        guard case .success(let pipe) = ChildProcess.pipe() else { return (-1, "") }
        var tmux = ChildProcess(executable: "tmux", arguments: ["tmux"] + arguments, environment: environment)
        tmux.searchesPath = true
        tmux.output = .descriptor(pipe.write)
        let spawned = tmux.spawn()
        close(pipe.write)
        let output = ChildProcess.readToEnd(pipe.read)
        guard case .success(let child) = spawned else { return (-1, "") }
        return (ChildProcess.wait(for: child).status, String(decoding: output, as: UTF8.self))
    }
}
