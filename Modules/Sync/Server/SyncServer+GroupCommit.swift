import Domain
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    var waiters: [CheckedContinuation<SyncWriteResult, any Error>] = []
}

/// A queued write as its batch takes it: with the activity after its decisions.
struct BatchedWrite {
    /// The write as it was queued.
    let queued: QueuedWrite
    /// The activity after every joined decision.
    let activity: StoredActivity

    var changes: [ActivitySnapshot] { queued.changes }
    var waiters: [CheckedContinuation<SyncWriteResult, any Error>] { queued.waiters }

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
    let barriers: [CheckedContinuation<Void, any Error>]
    let result: Result<[SyncWriteResult], SyncError>
    /// How many requests waited for it.
    let requests: Int
    /// How long it took in its storage, when it was written.
    let took: Duration?
    /// When it was durable, by the figures' clock, when figures are taken.
    let durable: ContinuousClock.Instant?
}

/// Group commit: one batch in flight at a time (two on a storage that commits in order,
/// the second waiting behind the first, ADR 0049); what is decided meanwhile waits for the
/// next, and each request is answered when its batch is durable.
extension SyncServer {
    /// Queues the next state of an activity, decided on the version `base` (`nil`: a
    /// creation) and giving `answers`, and answers once it is durable or void. A decision
    /// on an activity that already has a write queued joins that write.
    ///
    /// Queues before it first suspends, so a caller on the actor that read, decided and
    /// called this without suspending in between has written atomically, as far as this
    /// server goes; the storage's condition covers the other servers.
    func write(
        _ activity: consuming StoredActivity, changes: [ActivitySnapshot], answers: [StoredAnswer] = [], base: UInt64?
    ) async throws(SyncError) -> SyncWriteResult {
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
        // Moved, not copied: the caller keeps no copy while it waits for the batch.
        unfinished[id] = consume activity
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SyncWriteResult, any Error>) in
                queued[id]?.waiters.append(continuation)
                queuedRequests += 1
                startCommitIfIdle()
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    /// Returns once everything queued or being written when it was called is durable (or
    /// void); throws the storage's error when that failed.
    func waitUntilDurable() async throws(SyncError) {
        guard !inFlight.isEmpty || !queueOrder.isEmpty else { return }
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                barrierWaiters.append(continuation)
                startCommitIfIdle()
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    /// Waits until the writes queued or in flight are durable or void, and the observer
    /// told of the durable ones, for at most `limit`: what a host does after ``shutdown()``
    /// and before it lets its hooks finish and closes its storage. A change another server
    /// has already pushed may be waiting here for its commit's answer, and its hook with it.
    public func finishWrites(within limit: Duration) async {
        guard !inFlight.isEmpty || !queueOrder.isEmpty else { return }
        let first = FirstOf()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            first.set(continuation)
            Task {
                try? await self.waitUntilDurable()
                first.resume()
            }
            Task {
                try? await Task.sleep(for: limit)
                first.resume()
            }
        }
    }

    /// Begins the next batch unless nothing waits, or the requests the last batch answered
    /// are still coming back (``BatchGathering``); a barrier begins it at once, and so does
    /// `patienceSpent`. Behind a batch in flight, only on a storage that commits in order,
    /// and once as many requests are queued as the last batch answered (or for a barrier):
    /// else when that batch is finished.
    func startCommitIfIdle(patienceSpent: Bool = false) {
        guard !queueOrder.isEmpty || !barrierWaiters.isEmpty else { return }
        if inFlight.isEmpty {
            guard patienceSpent || !barrierWaiters.isEmpty || gathering.beginsNow(queuedRequests: queuedRequests) else {
                waitForMoreRequests()
                return
            }
        } else {
            guard inFlight.count < commitDepth,
                !barrierWaiters.isEmpty || gathering.beginsBehind(queuedRequests: queuedRequests)
            else { return }
        }
        gatheringTimer?.cancel()
        gatheringTimer = nil
        gatheringRound &+= 1
        gathering.began(waitRanOut: patienceSpent)
        let writes = queueOrder.compactMap { id in
            queued[id].flatMap { write in unfinished[id].map { BatchedWrite(queued: write, activity: $0) } }
        }
        let number = nextBatchNumber
        nextBatchNumber &+= 1
        inFlight.append(InFlightBatch(number: number, ids: Set(queueOrder)))
        let barriers = barrierWaiters
        let requests = queuedRequests
        queued = [:]
        queueOrder = []
        queuedRequests = 0
        barrierWaiters = []
        let storage = self.storage
        let observer = self.observer
        let metrics = self.metrics
        Task {
            let result: Result<[SyncWriteResult], SyncError>
            var durable: ContinuousClock.Instant?
            var took: Duration?
            if writes.isEmpty {
                result = .success([])
            } else {
                do {
                    let began = metrics?.start()
                    let storageBegan = ContinuousClock.now
                    let results = try await storage.commit(writes.map(\.write))
                    took = ContinuousClock.now - storageBegan
                    if let metrics, let began {
                        let committed = metrics.start()
                        metrics.batchCommitted(requests: writes.reduce(0) { $0 + $1.waiters.count }, in: committed - began)
                        durable = committed
                    }
                    if let observer {
                        await observer.durable(zip(writes, results).filter { $0.1 == .committed }.flatMap(\.0.changes))
                    }
                    result = .success(results)
                } catch let error as UnconfirmedCommit {
                    metrics?.storageFailed(.commit)
                    result = .failure(.outcomeUnknown(error.reason))
                } catch {
                    metrics?.storageFailed(.commit)
                    result = .failure(.storageFailed(String(describing: error)))
                }
            }
            self.returned(
                ReturnedBatch(
                    number: number, writes: writes, barriers: barriers, result: result, requests: requests, took: took,
                    durable: durable))
        }
    }

    /// Finishes `batch` once every batch handed over before it is finished, and with it
    /// those that came back early waiting for it: answers and pushes keep the batches' order.
    private func returned(_ batch: ReturnedBatch) {
        returnedEarly[batch.number] = batch
        while let oldest = inFlight.first, let next = returnedEarly.removeValue(forKey: oldest.number) {
            inFlight.removeFirst()
            finishCommit(next)
            // Its changes are with every stream now (and its observer told): the push's share.
            if let durable = next.durable, next.writes.contains(where: { !$0.changes.isEmpty }) {
                metrics?.pushed(since: durable)
            }
        }
    }

    /// Waits for the requests the last batch answered to come back, for at most the
    /// gathering's patience; one timer per gathering.
    private func waitForMoreRequests() {
        guard gatheringTimer == nil else { return }
        let (patience, round) = (gathering.patience, gatheringRound)
        gatheringTimer = Task {
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self.patienceSpent(round: round)
        }
    }

    private func patienceSpent(round: UInt64) {
        guard round == gatheringRound else { return }
        gatheringTimer = nil
        startCommitIfIdle(patienceSpent: true)
    }

    /// Answers a batch, no longer in flight.
    private func finishCommit(_ batch: ReturnedBatch) {
        let (writes, barriers, requests, took) = (batch.writes, batch.barriers, batch.requests, batch.took)
        switch batch.result {
        case .success(let results):
            notBefore = nil
            for (index, write) in writes.enumerated() {
                let id = write.activity.snapshot.id
                if index < results.count, results[index] == .committed {
                    // Its state stays the one to decide on while a later write of it is
                    // queued or in flight.
                    if queued[id] == nil, !inFlight.contains(where: { $0.ids.contains(id) }) { unfinished[id] = nil }
                    for change in write.changes { publish(change, owner: .some(write.activity.owner)) }
                    if let deadline = write.activity.snapshot.nextRuleDeadline { scheduleIfEarlier(deadline) }
                    for waiter in write.waiters { waiter.resume(returning: .committed) }
                } else {
                    // Void, and so is whatever was decided on top of it since.
                    unfinished[id] = nil
                    let voided = queued.removeValue(forKey: id)?.waiters ?? []
                    queuedRequests -= voided.count
                    queueOrder.removeAll { $0 == id }
                    for waiter in write.waiters + voided { waiter.resume(returning: .conflict) }
                }
            }
            if let took { gathering.committed(answered: requests, queued: queuedRequests, in: took) }
            for barrier in barriers { barrier.resume() }
        case .failure(let error):
            // Forget everything that is not durable: this batch and whatever was queued on
            // top of it. Their requests are answered with the error; nothing was applied.
            // A batch already behind it in the storage meets unmet conditions on this
            // batch's activities (``SyncStorage/commitsInOrder``): its requests decide again.
            let voided = queued.values.flatMap(\.waiters)
            let queuedBarriers = barrierWaiters
            unfinished = [:]
            queued = [:]
            queueOrder = []
            queuedRequests = 0
            barrierWaiters = []
            gathering.failed()
            for waiter in writes.flatMap(\.waiters) + voided { waiter.resume(throwing: error) }
            for barrier in barriers + queuedBarriers { barrier.resume(throwing: error) }
            notBefore = clock.now().addingTimeInterval(1)
            scheduleIfEarlier(notBefore!)
        }
        startCommitIfIdle()
    }
}

/// A continuation resumed by whichever of its resumers comes first; the others do nothing.
private final class FirstOf: Sendable {
    private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume() {
        continuation.withLock { continuation in
            continuation?.resume()
            continuation = nil
        }
    }
}
