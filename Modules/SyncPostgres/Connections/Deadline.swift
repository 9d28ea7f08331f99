import Synchronization

/// A database wait that went past its deadline: the operation was cancelled and abandoned.
struct DeadlinePassed: Error, CustomStringConvertible {
    /// How long it was given.
    let limit: Duration

    var description: String { "PostgreSQL did not answer within \(Deadline.seconds(limit)) s" }
}

/// Every database wait ends: ``run(within:operation:onTimeout:late:)`` answers the
/// operation's result or, past its deadline, throws ``DeadlinePassed`` and leaves the
/// operation behind, cancelled.
///
/// Left behind rather than awaited, because what hangs here may not listen to cancellation
/// (a query on a connection the server forgot, a pool that lost track of a request), and a
/// structured task group would wait for it for ever: the very wait issue #26 found.
/// `onTimeout` is where the caller ends what the operation holds (closes its connection),
/// so an abandoned operation does not stay abandoned for long either.
enum Deadline {
    /// Runs `operation` for at most `limit`. A cancelled caller gets `CancellationError` at
    /// once. A value that arrives after its deadline is handed to `late` (to close a
    /// connection nobody will use).
    static func run<Value: Sendable>(
        within limit: Duration,
        operation: @escaping @Sendable () async throws -> Value,
        onTimeout: @escaping @Sendable () -> Void = {},
        late: @escaping @Sendable (Value) async -> Void = { _ in }
    ) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                race.begin(continuation)
                // Not a task group: see the type's comment (what hangs here may not listen to
                // cancellation).
                let work = Task {
                    let result: Result<Value, any Error>
                    do {
                        result = .success(try await operation())
                    } catch {
                        result = .failure(error)
                    }
                    if !race.finish(result), case .success(let value) = result { await late(value) }
                }
                // Ends the race at the deadline; cancelled by `Race` when the work wins.
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    guard !Task.isCancelled, race.finish(.failure(DeadlinePassed(limit: limit))) else { return }
                    work.cancel()
                    onTimeout()
                }
                race.attach(work: work, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// `limit` in seconds, as a message says it ("1.5").
    static func seconds(_ limit: Duration) -> String {
        let (seconds, attoseconds) = limit.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds)" : "\(seconds).\(tenths)"
    }
}

/// The first of an operation's result, its deadline and its caller's cancellation: the one
/// that resumes the caller; whichever comes first also stops the others.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var finished = false
        /// A result given before the caller began waiting (it was cancelled at once).
        var early: Result<Value, any Error>?
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state in
            if state.early == nil { state.continuation = continuation }
            return state.early
        }
        if let early { continuation.resume(with: early) }
    }

    /// Remembers the tasks; stops them at once when the race is already over.
    func attach(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let finished = state.withLock { state in
            state.work = work
            state.timer = timer
            return state.finished
        }
        if finished {
            timer.cancel()
            work.cancel()
        }
    }

    /// Resumes the caller with `result` if nothing did yet (or keeps it for the caller
    /// about to wait); answers whether this did.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let outcome: (won: Bool, continuation: CheckedContinuation<Value, any Error>?, work: Task<Void, Never>?, timer: Task<Void, Never>?) =
            state.withLock { state in
                guard !state.finished else { return (false, nil, nil, nil) }
                state.finished = true
                if state.continuation == nil { state.early = result }
                defer { state.continuation = nil }
                return (true, state.continuation, state.work, state.timer)
            }
        guard outcome.won else { return false }
        outcome.timer?.cancel()
        if case .failure(let error) = result, error is CancellationError { outcome.work?.cancel() }
        outcome.continuation?.resume(with: result)
        return true
    }
}

extension Duration {
    /// Whole milliseconds, as NIO's `TimeAmount` takes them.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
