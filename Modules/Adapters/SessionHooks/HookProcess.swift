import ChildProcesses
import Dispatch
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// A hook's command run to its end by `/bin/sh -c`: in a process group of its own (so the
/// time limit stops what it started too, and a Ctrl-C in the host's terminal does not reach
/// it), standard input on `/dev/null`, standard output and error into an unlinked file whose
/// last line words a failure, the signal mask and dispositions reset (the live app blocks
/// its signals, ADR 0019, and a child would inherit that).
enum HookProcess {
    /// How a run ended.
    enum Outcome: Hashable, Sendable {
        /// It exited with `status` (0: success) and printed `lastLine` last.
        case exited(status: Int32, lastLine: String)
        /// A signal ended it (`signal`), not the time limit.
        case signalled(Int32)
        /// It was still running at the time limit and was stopped.
        case stoppedAtLimit
        /// It could not be started, for `reason`.
        case couldNotStart(reason: String)
    }

    /// How long a stopped hook has between SIGTERM and SIGKILL.
    static let killGrace: Duration = .seconds(2)

    /// Runs `command` with `environment`, blocking the calling thread until it ends or
    /// `limit` has passed (then its process group is sent SIGTERM, and SIGKILL after
    /// ``killGrace``).
    static func run(_ command: String, environment: [String: String], limit: Duration) -> Outcome {
        var template = Array("/tmp/moments-hook-XXXXXX".utf8CString)
        let output = mkstemp(&template)
        guard output >= 0 else { return .couldNotStart(reason: String(cString: strerror(errno))) }
        unlink(template)
        defer { close(output) }
        let child: pid_t
        switch spawn(command, environment: environment, output: output) {
        case .failure(let failure): return .couldNotStart(reason: failure.description)
        case .success(let pid): child = pid
        }
        let stopped = StopAtLimit(group: child, limit: limit)
        // Waits without reaping, so the timer can never signal a group whose number was
        // given to another process in between.
        ChildProcess.waitWithoutReaping(for: child)
        let wasStopped = stopped.cancel()
        let ending = ChildProcess.wait(for: child)
        if wasStopped { return .stoppedAtLimit }
        switch ending {
        case .signalled(let signal): return .signalled(signal)
        case .exited(let status): return .exited(status: status, lastLine: lastLine(of: output))
        }
    }

    private static func spawn(_ command: String, environment: [String: String], output: Int32) -> Result<pid_t, ChildProcess.SpawnFailure> {
        var shell = ChildProcess(executable: "/bin/sh", arguments: ["sh", "-c", command], environment: environment)
        shell.output = .descriptor(output)
        shell.errors = .descriptor(output)
        shell.leadsProcessGroup = true
        return shell.spawn()
    }

    /// The last non-empty line of what the hook printed (at most its last 4 KiB read).
    private static func lastLine(of descriptor: Int32) -> String {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size > 0 else { return "" }
        let count = Int(min(size, 4_096))
        var buffer = [UInt8](repeating: 0, count: count)
        let read = pread(descriptor, &buffer, count, size - off_t(count))
        guard read > 0 else { return "" }
        let lines = String(decoding: buffer[0..<read], as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.last.map(String.init) ?? ""
    }
}

/// The time limit of one run: SIGTERM to the hook's process group when it passes, SIGKILL
/// after ``HookProcess/killGrace``, unless cancelled first.
private final class StopAtLimit: Sendable {
    private let state = Mutex<(cancelled: Bool, signalled: Bool)>((false, false))
    private let group: pid_t

    init(group: pid_t, limit: Duration) {
        self.group = group
        let queue = DispatchQueue.global(qos: .utility)
        queue.asyncAfter(deadline: .now() + Self.interval(limit)) { [self] in signal(SIGTERM) }
        queue.asyncAfter(deadline: .now() + Self.interval(limit + HookProcess.killGrace)) { [self] in signal(SIGKILL) }
    }

    /// Stops the timer; answers whether it had signalled the hook.
    func cancel() -> Bool {
        state.withLock { state in
            state.cancelled = true
            return state.signalled
        }
    }

    private func signal(_ number: Int32) {
        state.withLock { state in
            guard !state.cancelled else { return }
            state.signalled = true
            kill(-group, number)
        }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .milliseconds(Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
