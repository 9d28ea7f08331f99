import ChildProcesses
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A player started as a process of its own (``ChildProcesses/ChildProcess``), with
/// arguments and no shell: standard input and output on `/dev/null`, standard error read by
/// a Dispatch thread (so a failure can be told in the player's own words), the signal mask
/// and dispositions reset. The same thread reaps it, however long it plays.
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

        /// How it failed, in words that follow its name (`exited with status 1 (no card)`);
        /// `nil` when it is playing or ended well.
        var failure: String? {
            switch self {
            case .playing, .exited(status: 0, _): return nil
            case .exited(let status, let lastError):
                return (status < 0 ? "was killed" : "exited with status \(status)") + (lastError.isEmpty ? "" : " (\(lastError))")
            case .couldNotStart(let reason): return "could not start (\(reason))"
            }
        }
    }

    /// Runs `executable` (its name first in `argv`) with `environment` to its end, blocking
    /// this thread: how it ended, and the last line it printed on standard error. What the
    /// voice's engines are run with (`SpeechEngine`), as a player is started.
    static func run(_ executable: String, _ argv: [String], environment: [String: String]) -> Start {
        switch spawn(executable, argv, environment: environment) {
        case .failure(let reason): return .couldNotStart(reason: reason.description)
        case .success(let child):
            let errors = drain(child.errors)
            return .exited(status: reap(child.pid), lastError: errors)
        }
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

    private static func spawn(
        _ executable: String, _ argv: [String], environment: [String: String]
    ) -> Result<(pid: pid_t, errors: Int32), ChildProcess.SpawnFailure> {
        let pipe: (read: Int32, write: Int32)
        switch ChildProcess.pipe() {
        case .failure(let failure): return .failure(failure)
        case .success(let ends): pipe = ends
        }
        var player = ChildProcess(executable: executable, arguments: argv, environment: environment)
        player.errors = .descriptor(pipe.write)
        let spawned = player.spawn()
        close(pipe.write)
        if case .failure = spawned { close(pipe.read) }
        return spawned.map { ($0, pipe.read) }
    }

    /// Reads `descriptor` to its end (the player's exit), closes it, and answers the
    /// last line read.
    private static func drain(_ descriptor: Int32) -> String {
        let lines = String(decoding: ChildProcess.readToEnd(descriptor, keepingLast: 4_096), as: UTF8.self)
            .split(whereSeparator: \.isNewline)
        return lines.last.map(String.init) ?? ""
    }

    /// Waits for `pid` to end: its exit status, or -1 when a signal ended it.
    private static func reap(_ pid: pid_t) -> Int32 {
        ChildProcess.wait(for: pid).status
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
