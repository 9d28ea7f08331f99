import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// One activity's write waiting for the next batch: the decisions made on it since the
/// last batch, joined, and the requests waiting for them. The activity after them is kept
/// in the server's `unfinished` table alone until the batch takes it: a second reference
/// here would make each decision copy the activity's remembered answers.
struct QueuedWrite {
    /// The version the storage must still hold; `nil` for a creation.
    let expectedVersion: UInt64?
    /// Every state the joined decisions made, oldest first.
    var changes: [ActivitySnapshot]
    /// Every answer the joined decisions gave, oldest first.
    var answers: [StoredAnswer]
    /// The requests waiting for the write's fate.
    var waiters: [WriteWaiter] = []
}

/// A request waiting for its write's fate, told once its batch is durable or void: a task
/// suspended in ``SyncServer/deciding(_:)``.
struct WriteWaiter: Sendable {
    /// Told the fate, on the server's actor.
    let told: @Sendable (Result<SyncWriteResult, SyncError>) -> Void

    func resume(returning result: SyncWriteResult) { told(.success(result)) }

    func resume(throwing error: SyncError) { told(.failure(error)) }
}

/// A queued write as its batch takes it: with the activity after its decisions.
struct BatchedWrite {
    /// The write as it was queued.
    let queued: QueuedWrite
    /// The activity after every joined decision.
    let activity: StoredActivity

    var changes: [ActivitySnapshot] { queued.changes }
    var waiters: [WriteWaiter] { queued.waiters }

    var write: SyncWrite {
        SyncWrite(expectedVersion: queued.expectedVersion, activity: activity, changes: queued.changes, answers: queued.answers)
    }
}

/// A batch handed to the storage, by its number, with the activities it writes.
struct InFlightBatch {
    let number: UInt64
    let ids: Set<String>
}

/// A batch the storage answered, waiting to be finished in its turn.
struct ReturnedBatch {
    let number: UInt64
    let writes: [BatchedWrite]
    let barriers: [Barrier]
    let result: Result<[SyncWriteResult], SyncError>
    /// How many requests waited for it.
    let requests: Int
    /// How long it took in its storage, when it was written.
    let took: Duration?
    /// When it was durable, by the figures' clock, when figures are taken.
    let durable: ContinuousClock.Instant?
}

/// What group commit keeps from a decision to its batch's answer, owned by the server's
/// actor (``SyncServer/commits``, ADR 0058). Every read, decision and queued write of one
/// activity happens in one turn on the actor, with nothing suspending between, so a
/// decision always sees the ones before it.
struct CommitState: Sendable {
    /// The activities with writes queued or not yet finished: their state after those
    /// writes, which the next request on them decides on.
    var unfinished: [String: StoredActivity] = [:]
    /// The writes waiting for the next batch, one per activity (later decisions on the same
    /// activity join its write), in the order they were first queued.
    var queued: [String: QueuedWrite] = [:]
    var queueOrder: [String] = []
    /// Callers waiting only for what is queued or in flight to be durable.
    var barrierWaiters: [Barrier] = []
    /// The batches handed to the storage and not finished yet, oldest first: at most one,
    /// or two on a storage that commits in order (``SyncStorage/commitsInOrder``, ADR 0049).
    var inFlight: [InFlightBatch] = []
    /// The number the next batch handed to the storage gets.
    var nextBatchNumber: UInt64 = 0
    /// How many requests wait in ``queued`` (joined writes count each of theirs).
    var queuedRequests = 0
    /// When the next batch begins, learnt from the last one.
    var gathering: BatchGathering
    /// Begins the next batch once the gathering's patience is spent; `nil` while none waits.
    var gatheringTimer: Task<Void, Never>?
    /// Which gathering the timer belongs to: a timer of one that already began does nothing.
    var gatheringRound: UInt64 = 0
    /// Set by ``SyncServer/shutdown()``: no request is decided any more.
    var isClosed = false

    /// Whether anything is queued or being written.
    var isBusy: Bool { !inFlight.isEmpty || !queueOrder.isEmpty }

    /// Queues the next state of an activity, decided on the version `base` (`nil`: a
    /// creation) and giving `answers`, for `waiter`. A decision on an activity that already
    /// has a write queued joins that write.
    mutating func queue(
        _ activity: consuming StoredActivity, changes: [ActivitySnapshot], answers: [StoredAnswer] = [], base: UInt64?,
        for waiter: WriteWaiter
    ) {
        let id = activity.snapshot.id
        if queued[id] != nil {
            // Joined in place: a copy taken out and stored back would copy its changes and
            // answers at every join of a batch.
            queued[id]?.changes += changes
            queued[id]?.answers += answers
        } else {
            queued[id] = QueuedWrite(expectedVersion: base, changes: changes, answers: answers)
            queueOrder.append(id)
        }
        // Moved, not copied: the decision keeps no copy while it waits for the batch.
        unfinished[id] = consume activity
        queued[id]?.waiters.append(waiter)
        queuedRequests += 1
    }

    /// A creation queued with the idempotency key `key`, if any.
    func queuedCreation(_ key: IdempotencyKey) -> StoredActivity? {
        let digest = key.digest
        return unfinished.values.first { $0.creation?.keyDigest == digest }
    }
}

/// What became of a decision (``SyncServer/deciding(_:)``):
/// its write queued, then durable or void, or nothing queued.
enum Decided<Value: Sendable>: Sendable {
    /// A write was queued, and came to `result`.
    case written(Value, SyncWriteResult)
    /// Nothing was queued.
    case notQueued(Value)
}
