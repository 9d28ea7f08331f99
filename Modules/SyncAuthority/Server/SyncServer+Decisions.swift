import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The decision on an intent, in one turn on the server's actor (ADR 0058).
extension SyncServer {
    /// What a decision on an intent came to.
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

    /// Decides `request` on the activity as the next decision must see it, and queues its
    /// write for the waiter `waiting` makes; `token` was hashed beforehand. From the read to
    /// the queued write nothing suspends, so no other decision comes between.
    ///
    /// - Throws: ``SyncError/unavailable`` after a shutdown, and the authorisation's errors.
    func decide(
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
