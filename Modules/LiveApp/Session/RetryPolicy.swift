import SyncProtocol
import Synchronization

/// How the live app tries again when a server cannot be reached: the one retry policy of
/// every request it sends (a creation, a first read, an intent) and of the follower that
/// keeps its pushes coming. Only "could not reach" is tried again (``isRetryable(_:)``);
/// any other answer is final at once. Each try after a failure waits a little longer, from
/// ``firstDelay`` up to ``maximumDelay``, and the whole gives up after ``patience``.
struct RetryPolicy: Sendable {
    /// How long a request keeps trying in all before its failure is shown.
    let patience: Duration
    /// The pause after the first failure.
    let firstDelay: Duration
    /// The longest pause between two tries.
    let maximumDelay: Duration

    /// A command reaching a server it has never reached: it gives up with exit status 3
    /// after three seconds.
    static let command = RetryPolicy(
        patience: LiveDependencies.standardServerPatience, firstDelay: .milliseconds(100), maximumDelay: .milliseconds(400))
    /// An intent sent from a session's screen: a hand-over takes up to two seconds, so it
    /// keeps trying for five before the screen shows its failure.
    static let intent = RetryPolicy(patience: .seconds(5), firstDelay: .milliseconds(100), maximumDelay: .milliseconds(400))
    /// The follower of a session's pushes, which never gives up while the screen is open:
    /// only its pauses come from the policy.
    static let follower = RetryPolicy(patience: .seconds(3), firstDelay: .milliseconds(100), maximumDelay: .seconds(2))

    /// The same policy, with `patience` in all (tests on a loaded machine give more).
    func with(patience: Duration) -> RetryPolicy {
        RetryPolicy(patience: patience, firstDelay: firstDelay, maximumDelay: maximumDelay)
    }

    /// The pause after `failures` failed tries (1 for the first).
    func delay(after failures: Int) -> Duration {
        var delay = firstDelay
        for _ in 1..<max(failures, 1) where delay < maximumDelay { delay = min(delay * 2, maximumDelay) }
        return delay
    }

    /// Whether `error` says only that the server could not be reached, so sending the same
    /// request again (the same intent id, the same idempotency key) is safe and may succeed.
    static func isRetryable(_ error: SyncError) -> Bool {
        switch error {
        // A change whose fate is unknown is sent again as it was: its answer says what happened.
        case .unreachable, .unavailable, .outcomeUnknown: return true
        default: return false
        }
    }

    /// Runs `operation`, trying again while the server cannot be reached, for up to
    /// ``patience`` in all (an attempt still waiting then is cancelled); other errors are
    /// thrown at once.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws(SyncError) -> T) async throws(SyncError) -> T {
        let policy = self
        // What the last try that failed said: when the patience runs out, the person is
        // told why (refused, no such host), not only that it took too long.
        let lastProblem = LastProblem()
        let outcome = await withTaskGroup(of: Result<T, SyncError>?.self) { group in
            group.addTask {
                var failures = 0
                while true {
                    do throws(SyncError) {
                        return .success(try await operation())
                    } catch {
                        guard Self.isRetryable(error) else { return .failure(error) }
                        // A try cut short by the patience itself says nothing of the server.
                        if case .unreachable(let problem) = error, !Task.isCancelled { lastProblem.words.withLock { $0 = problem } }
                        failures += 1
                        guard (try? await Task.sleep(for: policy.delay(after: failures))) != nil else { return nil }
                    }
                }
            }
            group.addTask {
                try? await Task.sleep(for: policy.patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        case nil:
            let tried = "\(patience.components.seconds) seconds"
            throw .unreachable(lastProblem.words.withLock { $0 }.map { "\($0); tried for \(tried)" } ?? "no answer within \(tried)")
        }
    }
}

/// What the last failed try of ``RetryPolicy/run(_:)`` said, shared by its tries and its
/// answer.
private final class LastProblem: Sendable {
    let words = Mutex<String?>(nil)
}
