import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Intents decided at once, on the thread that read them, under the commit lock (ADR 0052).
extension SyncServer {
    /// ``send(_:to:token:)`` decided at once on the thread that read it (a connection's
    /// event loop), without a task, when its activity is in memory: `reply` is told once the
    /// answer is durable (on the server's actor), or at once for a refusal before the
    /// decision. `false` when it cannot be decided without suspending (a body that could
    /// not be read, a retried intent, a storage without a memory index): nothing was done,
    /// and the caller sends it as usual.
    nonisolated func sendNow(
        _ read: Result<IntentRequest, any Error>, to id: String, token: String?,
        reply: @escaping @Sendable (Result<ActivitySnapshot, any Error>) -> Void
    ) -> Bool {
        guard memoryIndex != nil, case .success(let request) = read else { return false }
        let arrival = metrics?.start()
        let presented = token.map(PresentedToken.init)
        let decided = commits.withLockedValue { state -> Result<IntentStep, SyncError> in
            do throws(SyncError) {
                return .success(
                    try decide(request, to: id, token: presented, committed: nil, in: &state) { step in
                        replying(to: step, of: request, to: id, token: token, since: arrival, reply: reply)
                    })
            } catch {
                return .failure(error)
            }
        }
        switch decided {
        case .success(.queued): return true
        case .success(.notFound): reply(.failure(SyncError.notFound(id: id)))
        case .success(.replay), .success(.readFirst): return false
        case .failure(let error): reply(.failure(error))
        }
        return true
    }

    /// The waiter of an intent decided at once, whose decision came to `step`: tells
    /// `reply` the answer once it is durable, or, when its batch met a conflict, decides
    /// the intent again as ``send(_:to:token:)`` does, in a task of its own.
    private nonisolated func replying(
        to step: IntentStep, of request: IntentRequest, to id: String, token: String?,
        since arrival: ContinuousClock.Instant?, reply: @escaping @Sendable (Result<ActivitySnapshot, any Error>) -> Void
    ) -> WriteWaiter {
        WriteWaiter { [self] written in
            guard case .queued(let answer) = step else { return }
            switch written {
            case .success(.committed):
                metrics?.intentCommitted(answer.outcome, since: arrival)
                reply(Result { try answer.outcome.result() })
            case .success(.conflict):
                metrics?.writeConflicted()
                Task {
                    do {
                        reply(.success(try await self.send(request, to: id, token: token)))
                    } catch {
                        reply(.failure(error))
                    }
                }
            case .failure(let error):
                reply(.failure(error))
            }
        }
    }

    /// What a decision on an intent under the commit lock came to.
    enum IntentStep: Sendable {
        /// Decided, and its write queued with this answer.
        case queued(StoredAnswer)
        /// It was answered before: its answer is given again once durable.
        case replay
        /// No such activity.
        case notFound
        /// Its activity must be read from the storage first.
        case readFirst
    }

    /// Under the commit lock: decides `request` on the activity as the next decision must
    /// see it, and queues its write for the waiter `waiting` makes; `token` was hashed
    /// before the lock. From the read to the
    /// queued write nothing suspends, nor lets go of the lock.
    ///
    /// - Throws: ``SyncError/unavailable`` after a shutdown, and the authorisation's errors.
    nonisolated func decide(
        _ request: IntentRequest, to id: String, token: PresentedToken?, committed: StoredActivity??,
        in state: inout CommitState, waiting: (IntentStep) -> WriteWaiter
    ) throws(SyncError) -> IntentStep {
        guard !state.isClosed else { throw .unavailable }
        guard let found = current(id, committed: committed, in: state) else { return .readFirst }
        guard let stored = found else { return .notFound }
        try Self.authorize(stored, token)
        if stored.answer(for: request.key) != nil { return .replay }
        // The table lets go of the activity until the write puts the decided one back, so
        // the decision holds the only copy and remembers its answer without copying the
        // others (up to 256). Nor does this request keep a copy while it waits for its batch.
        let base = stored.snapshot.version
        state.unfinished[id] = nil
        let decided = SyncDecision.apply(request, to: consume stored, at: clock.now())
        let (activity, answer, changes) = (decided.activity, decided.answer, decided.changes)
        _ = consume decided
        let step = IntentStep.queued(answer)
        state.queue(consume activity, changes: changes, answers: [answer], base: base, for: waiting(step))
        startCommitIfIdle(&state)
        return step
    }
}
