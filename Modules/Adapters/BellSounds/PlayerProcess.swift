import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A player started as a process of its own, with arguments and no shell: standard input
/// and output on `/dev/null`, standard error read by a Dispatch thread (so a failure can
/// be told in the player's own words), the signal mask and dispositions reset (the live
/// app blocks its signals from the first instant, ADR 0019, and a child would inherit
/// that). The same thread reaps it, however long it plays.
enum PlayerProcess {
    /// How a player's start went.
    enum Start: Hashable, Sendable {
        /// Still playing when the grace ran out: a player that cannot play fails at once.
        case playing
        /// It ended within the grace: with `status` (-1: by a signal) and the last line
        /// it printed on standard error.
        case exited(status: Int32, lastError: String)
        /// The program could not be started, for `reason`.
        case couldNotStart(reason: String)
    }

    /// Starts `player` on `file` with `environment`, and answers when it exits or when
    /// `grace` has passed, whichever comes first.
    static func start(
        _ player: AudioPlayer, file: String, environment: [String: String], grace: Duration
    ) async -> Start {
        await withCheckedContinuation { (continuation: CheckedContinuation<Start, Never>) in
            let answer = AnswerOnce(continuation)
            DispatchQueue.global(qos: .userInitiated).async {
                let child: (pid: pid_t, errors: Int32)
                switch spawn(player.executable, [player.name] + player.arguments + [file], environment: environment) {
                case .failure(let reason):
                    answer.give(.couldNotStart(reason: reason.description))
                    return
                case .success(let started):
                    child = started
                }
                DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + dispatchInterval(grace)) {
                    answer.give(.playing)
                }
                let errors = drain(child.errors)
                answer.give(.exited(status: reap(child.pid), lastError: errors))
            }
        }
    }

    /// Why a program did not start: `strerror` of the spawn's error.
    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func spawn(
        _ executable: String, _ argv: [String], environment: [String: String]
    ) -> Result<(pid: pid_t, errors: Int32), SpawnFailure> {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return .failure(SpawnFailure(description: String(cString: strerror(errno)))) }
        // Close-on-exec, so no other child started meanwhile keeps the pipe open; the
        // player's own copy is the standard error `dup2` makes, which exec keeps.
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var child: pid_t = 0
        let code = posix_spawn(&child, executable, &actions, &attributes, arguments, variables)
        close(pipe[1])
        guard code == 0 else {
            close(pipe[0])
            return .failure(SpawnFailure(description: String(cString: strerror(code))))
        }
        return .success((child, pipe[0]))
    }

    /// Reads `descriptor` to its end (the player's exit), closes it, and answers the
    /// last line read.
    private static func drain(_ descriptor: Int32) -> String {
        defer { close(descriptor) }
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            kept = Array((kept + buffer[0..<count]).suffix(4_096))
        }
        let lines = String(decoding: kept, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.last.map(String.init) ?? ""
    }

    /// Waits for `pid` to end: its exit status, or -1 when a signal ended it.
    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

/// A continuation resumed by the first of several answers; the later ones are dropped.
private final class AnswerOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<PlayerProcess.Start, Never>?>

    init(_ continuation: CheckedContinuation<PlayerProcess.Start, Never>) {
        self.continuation = Mutex(continuation)
    }

    func give(_ start: PlayerProcess.Start) {
        continuation.withLock { pending in
            pending?.resume(returning: start)
            pending = nil
        }
    }
}
