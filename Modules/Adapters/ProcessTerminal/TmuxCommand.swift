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
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return (-1, "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "tmux", &actions, nil, argv, envp)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { return (-1, "") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : -1, String(decoding: output, as: UTF8.self))
    }
}
