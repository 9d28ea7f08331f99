import SyncProtocol
import Synchronization

/// The connection a session view goes through, which a hand-over replaces while intents
/// sent before it are still being tried.
final class CurrentConnection: Sendable {
    private struct State {
        var connection: any SyncConnection
        /// How many times the connection was replaced.
        var generation = 0
        /// Who waits for the next replacement (``replaced(after:)``).
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: Mutex<State>

    init(_ connection: any SyncConnection) {
        state = Mutex(State(connection: connection))
    }

    /// The connection now. Setting it wakes every ``replaced(after:)``.
    var value: any SyncConnection {
        get { state.withLock { $0.connection } }
        set {
            let waiters = state.withLock { state in
                state.connection = newValue
                state.generation += 1
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// The connection now, and how many times it was replaced before.
    private var now: (connection: any SyncConnection, generation: Int) {
        state.withLock { ($0.connection, $0.generation) }
    }

    /// Returns once the connection of `generation` has been replaced, or the task is
    /// cancelled: a wait on the hand-over itself, never a poll.
    func replaced(after generation: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    // A cancellation before this point finds nothing to resume, so it is
                    // seen here instead.
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Sends `request` through the current connection, again while the server cannot be
    /// reached, as `policy` says; the answer, or the last failure. An attempt still
    /// waiting on a connection that a hand-over has replaced is given up, and the request
    /// goes at once through the new one: the same intent id, so it is answered once.
    func deliver(
        _ request: IntentRequest, to id: String, token: String, policy: RetryPolicy
    ) async -> Result<ActivitySnapshot, SyncError> {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: policy.patience)
        var failures = 0
        while true {
            let (connection, generation) = now
            // The answer, or `nil` as soon as a hand-over replaces the connection: an
            // attempt stuck on a server that went away is not waited for. No attempt runs
            // past the patience either (a client waiting for a server to come back would
            // else deliver a key pressed long ago): then it is shown as not done.
            let patience = policy.patience
            let result = await Self.firstOf(
                { () async -> Result<ActivitySnapshot, SyncError>? in
                    do {
                        return .success(try await connection.send(request, to: id, token: token))
                    } catch let error as SyncError {
                        return .failure(error)
                    } catch {
                        return .failure(.unreachable(String(describing: error)))
                    }
                },
                { [self] () async -> Result<ActivitySnapshot, SyncError>? in
                    let patienceSpent = await Self.firstOf(
                        { [self] in
                            await replaced(after: generation)
                            return false
                        },
                        { (try? await Task.sleep(until: deadline, clock: clock)) != nil })
                    return patienceSpent ? .failure(.unreachable("no answer within \(patience.components.seconds) seconds")) : nil
                })
            guard let result else { continue }
            if case .failure(let error) = result, RetryPolicy.isRetryable(error), clock.now < deadline {
                failures += 1
                let pause = policy.delay(after: failures)
                // A hand-over during the pause sends again at once.
                await Self.firstOf(
                    { try? await Task.sleep(for: pause) },
                    { [self] in await replaced(after: generation) })
                continue
            }
            return result
        }
    }

    /// The value of whichever of `first` and `second` finishes first; the other is
    /// cancelled, and waited for: both are children of this call, so nothing it started
    /// outlives it (the send to a replaced server is cancelled with its request, the wait
    /// for a hand-over ends at its cancellation).
    private static func firstOf<Value: Sendable>(
        _ first: @escaping @Sendable () async -> Value, _ second: @escaping @Sendable () async -> Value
    ) async -> Value {
        await withTaskGroup(of: Value.self) { race in
            race.addTask(operation: first)
            race.addTask(operation: second)
            // Two children were added, so the first to finish is there.
            let winner = await race.next()!
            race.cancelAll()
            return winner
        }
    }
}
