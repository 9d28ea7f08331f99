#if canImport(Glibc)
    import Glibc
#endif

/// The one way this package starts a program: `posix_spawn(3)` with the standard streams
/// named, no shell unless the caller runs one, and (for a child of the live app, which
/// blocks its signals from the first instant, ADR 0019) the signal mask and dispositions
/// reset. Hooks, bell players and tmux are started by it; the hand-off to
/// `moments-server` is not a child (the process `exec`s itself).
///
/// A wrapper of our own rather than swift-subprocess (ADR 0063): a hook runs in a
/// process group of its own that its time limit signals, and a player is reaped by a
/// thread of its own while the session goes on, neither of which Subprocess 1.0 offers.
public struct ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// `/dev/null`.
        case null
        /// A descriptor of this process's, duplicated onto the stream (it stays open here).
        case descriptor(Int32)
    }

    /// The program: a path, or (with ``searchesPath``) a name looked up on the child's `PATH`.
    public var executable: String
    /// Its arguments, the program's own name first.
    public var arguments: [String]
    /// Its whole environment.
    public var environment: [String: String]
    /// Whether ``executable`` is looked up on `PATH` (`posix_spawnp`).
    public var searchesPath = false
    /// Where standard output goes.
    public var output = Stream.null
    /// Where standard error goes.
    public var errors = Stream.null
    /// Whether the child starts with no signal blocked and every disposition the default.
    public var resetsSignals = true
    /// Whether the child leads a process group of its own (its number is its pid), so a
    /// signal to the group reaches what it starts, and a Ctrl-C in this terminal does not.
    public var leadsProcessGroup = false

    /// A program to start with `arguments` (its own name first) and `environment`.
    public init(executable: String, arguments: [String], environment: [String: String]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// Why a program did not start: `strerror` of the spawn's error.
    public struct SpawnFailure: Error, Sendable, CustomStringConvertible {
        /// The C library's words for the error (`No such file or directory`).
        public let description: String

        init(code: Int32) {
            description = String(decoding: UnsafeRawBufferPointer(start: strerror(code), count: strlen(strerror(code))), as: UTF8.self)
        }
    }

    /// How a child ended.
    public enum Termination: Sendable, Hashable {
        /// It exited with `status`.
        case exited(Int32)
        /// Signal `number` ended it.
        case signalled(Int32)

        /// Its exit status, or -1 when a signal ended it.
        public var status: Int32 {
            if case .exited(let status) = self { return status }
            return -1
        }
    }

    /// Starts the program: its pid, to be reaped with ``wait(for:)``. Standard input is
    /// `/dev/null`.
    public func spawn() -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (stream, number) in [(output, Int32(1)), (errors, Int32(2))] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32 = 0
        if resetsSignals {
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            flags |= Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        }
        if leadsProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let code =
            searchesPath
            ? posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
            : posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        return code == 0 ? .success(child) : .failure(SpawnFailure(code: code))
    }

    /// Blocks the calling thread until `pid` ends, and reaps it.
    public static func wait(for pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// Blocks the calling thread until `pid` has ended, without reaping it, so its number
    /// (and its process group's) is not given to another process meanwhile.
    public static func waitWithoutReaping(for pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    }

    /// A pipe whose two ends close on exec, so no other child started meanwhile keeps it
    /// open; a child's own copy is the stream `dup2` makes, which exec keeps.
    public static func pipe() -> Result<(read: Int32, write: Int32), SpawnFailure> {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { return .failure(SpawnFailure(code: errno)) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return .success((ends[0], ends[1]))
    }

    /// Reads `descriptor` to its end, keeping at most the last `limit` bytes, and closes it.
    public static func readToEnd(_ descriptor: Int32, keepingLast limit: Int = 1 << 20) -> [UInt8] {
        defer { close(descriptor) }
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            kept += buffer[0..<count]
            if kept.count > limit { kept.removeFirst(kept.count - limit) }
        }
        return kept
    }
}
