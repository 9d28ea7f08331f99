import Dispatch
import Domain
import SyncAuthority
import SyncProtocol

/// Runs a person's hooks (``Domain/SessionHooks``) for the changes its server commits: told
/// of each change once it is durable (a ``SyncAuthority/DurableChangeObserver``), by the server that
/// made it, so each event runs its hook once, on one server or on many sharing PostgreSQL.
///
/// Hooks never stand in the server's way: the change is answered and pushed while its hooks
/// wait their turn on a queue of their own, one at a time and in the order of the changes.
/// Each has ``timeLimit``; a hook that fails, is stopped at the limit or cannot start is
/// reported to `onProblem`, and the next one runs as if nothing happened.
public final class HookRunner: DurableChangeObserver {
    /// How long a hook may run before it is stopped, by default.
    public static let standardTimeLimit: Duration = .seconds(10)

    private let hooks: SessionHooks
    private let environment: [String: String]
    private let timeLimit: Duration
    private let onProblem: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "little-moments.hooks")

    /// Runs `hooks` with the host's `environment` and the session's variables, each for at
    /// most `timeLimit`, saying what went wrong to `onProblem`.
    public init(
        hooks: SessionHooks, environment: [String: String], timeLimit: Duration = HookRunner.standardTimeLimit,
        onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.hooks = hooks
        self.environment = environment
        self.timeLimit = timeLimit
        self.onProblem = onProblem
    }

    /// Queues the hooks of `changes` and returns at once.
    public func durable(_ changes: [ActivitySnapshot]) async {
        guard hooks != .none else { return }
        let calls = changes.flatMap { HookCall.calls(for: $0, hooks: hooks) }
        guard !calls.isEmpty else { return }
        queue.async { [self] in
            for call in calls { run(call) }
        }
    }

    /// Waits until every hook queued so far has ended: what a host does before it exits,
    /// so `moments start`'s end hook is not lost when the session ends and it leaves.
    public func finish() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }

    private func run(_ call: HookCall) {
        let merged = environment.merging(call.environment) { _, session in session }
        let what = "the \(call.event.rawValue) hook (\(call.command))"
        switch HookProcess.run(call.command, environment: merged, limit: timeLimit) {
        case .exited(status: 0, _): return
        case .exited(let status, let lastLine):
            onProblem("\(what) failed with exit status \(status)" + (lastLine.isEmpty ? "" : ": \(lastLine)")
                + "; the session goes on. Check it with `moments settings show`.")
        case .signalled(let signal):
            onProblem("\(what) was ended by signal \(signal); the session goes on.")
        case .stoppedAtLimit:
            onProblem("\(what) ran longer than \(timeLimit) and was stopped; a hook should be quick, or start its work in the background (… &).")
        case .couldNotStart(let reason):
            onProblem("\(what) could not be started: \(reason).")
        }
    }
}
