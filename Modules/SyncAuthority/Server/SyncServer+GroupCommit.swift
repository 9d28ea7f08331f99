import Domain
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// Group commit: one batch in flight at a time (two on a storage that commits in order,
/// the second waiting behind the first, ADR 0049); what is decided meanwhile waits for the
/// next, and each request is answered when its batch is durable.
extension SyncServer {
    /// Runs `decide` on the commit state, in one turn on the actor, and waits for the fate
    /// of the write it queued there, if any. `decide` queues at most one write, for the
    /// waiter `waiting` makes of what it returns, and begins a batch if one is due
    /// (``startCommitIfIdle(_:patienceSpent:)``).
    ///
    /// Reading, deciding and queueing with nothing suspending between them is what makes a
    /// decision atomic, as far as this server goes; the storage's condition covers the
    /// other servers.
    func deciding<Value: Sendable>(
        _ decide: (inout CommitState, _ waiting: (Value) -> WriteWaiter) throws(SyncError) -> Value
    ) async throws(SyncError) -> Decided<Value> {
        do {
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Decided<Value>, any Error>) in
                var queued = false
                let outcome: Result<Value, SyncError>
                do throws(SyncError) {
                    outcome = .success(
                        try decide(&commits) { value in
                            queued = true
                            return WriteWaiter { written in
                                continuation.resume(with: written.map { .written(value, $0) }.mapError { $0 as any Error })
                            }
                        })
                } catch {
                    outcome = .failure(error)
                }
                switch outcome {
                case .success(let value):
                    if !queued { continuation.resume(returning: .notQueued(value)) }
                case .failure(let error):
                    continuation.resume(throwing: error)
                }
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
        guard commits.isBusy else { return }
        let barrier = Barrier()
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    guard barrier.wait(continuation) else { return }
                    commits.barrierWaiters.append(barrier)
                    startCommitIfIdle(&commits)
                }
            } onCancel: {
                barrier.resume(throwing: CancellationError())
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    /// How many requests wait for the next batch.
    var queuedRequests: Int { commits.queuedRequests }

    /// Waits until the writes queued or in flight are durable or void, and the observer
    /// told of the durable ones, for at most `limit`: what a host does after ``shutdown()``
    /// and before it lets its hooks finish and closes its storage. A change another server
    /// has already pushed may be waiting here for its commit's answer, and its hook with it.
    public func finishWrites(within limit: Duration) async {
        guard commits.isBusy else { return }
        // A race: whichever ends first cancels the other, and neither outlives this call
        // (a cancelled barrier leaves its batch to be answered without it).
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await self.waitUntilDurable() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Begins the next batch unless nothing waits, or the requests the last batch answered
    /// are still coming back (``BatchGathering``); a barrier begins it at once, and so does
    /// `patienceSpent`. Behind a batch in flight, only on a storage that commits in order,
    /// and once as many requests are queued as the last batch answered (or for a barrier):
    /// else when that batch is finished. Called with the commit state, in a decision's turn.
    func startCommitIfIdle(_ state: inout CommitState, patienceSpent: Bool = false) {
        guard !state.queueOrder.isEmpty || !state.barrierWaiters.isEmpty else { return }
        if state.inFlight.isEmpty {
            guard
                patienceSpent || !state.barrierWaiters.isEmpty
                    || state.gathering.beginsNow(queuedRequests: state.queuedRequests)
            else {
                waitForMoreRequests(&state)
                return
            }
        } else {
            guard state.inFlight.count < commitDepth,
                !state.barrierWaiters.isEmpty || state.gathering.beginsBehind(queuedRequests: state.queuedRequests)
            else { return }
        }
        state.gatheringTimer?.cancel()
        state.gatheringTimer = nil
        state.gatheringRound &+= 1
        state.gathering.began(waitRanOut: patienceSpent)
        let writes = state.queueOrder.compactMap { id in
            state.queued[id].flatMap { write in state.unfinished[id].map { BatchedWrite(queued: write, activity: $0) } }
        }
        let number = state.nextBatchNumber
        state.nextBatchNumber &+= 1
        state.inFlight.append(InFlightBatch(number: number, ids: Set(state.queueOrder)))
        let barriers = state.barrierWaiters
        let requests = state.queuedRequests
        state.queued = [:]
        state.queueOrder = []
        state.queuedRequests = 0
        state.barrierWaiters = []
        let storage = self.storage
        let observer = self.observer
        let metrics = self.metrics
        // A task of its own: the storage writes this batch while the actor decides the next
        // requests (and, on a storage that commits in order, hands it the next batch). It
        // ends when the storage answers, handing its result back to the actor.
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
    /// Only here, on the actor, does a batch leave ``CommitState/inFlight``.
    private func returned(_ batch: ReturnedBatch) {
        returnedEarly[batch.number] = batch
        while let oldest = commits.inFlight.first?.number,
            let next = returnedEarly.removeValue(forKey: oldest)
        {
            finishCommit(next)
            // Its changes are with every stream now (and its observer told): the push's share.
            if let durable = next.durable, next.writes.contains(where: { !$0.changes.isEmpty }) {
                metrics?.pushed(since: durable)
            }
        }
    }

    /// Waits for the requests the last batch answered to come back, for at most the
    /// gathering's patience; one timer per gathering, cancelled when the batch begins
    /// without it. With the commit state.
    private func waitForMoreRequests(_ state: inout CommitState) {
        guard state.gatheringTimer == nil else { return }
        let (patience, round) = (state.gathering.patience, state.gatheringRound)
        // A timer, on the actor: a task that sleeps, cancelled when the batch begins first.
        state.gatheringTimer = Task {
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self.patienceSpent(round: round)
        }
    }

    private func patienceSpent(round: UInt64) {
        guard round == commits.gatheringRound else { return }
        commits.gatheringTimer = nil
        startCommitIfIdle(&commits, patienceSpent: true)
    }

    /// Answers the oldest batch in flight, `batch`, and takes it out of flight. The state is
    /// settled first; the pushes, the answers and the clock's next run follow it.
    private func finishCommit(_ batch: ReturnedBatch) {
        let (writes, barriers, requests, took) = (batch.writes, batch.barriers, batch.requests, batch.took)
        var answered: [(waiters: [WriteWaiter], result: SyncWriteResult)] = []
        var failed: (waiters: [WriteWaiter], barriers: [Barrier])?
        func settle(_ state: inout CommitState) {
            state.inFlight.removeFirst()
            switch batch.result {
            case .success(let results):
                for (index, write) in writes.enumerated() {
                    let id = write.activity.snapshot.id
                    if index < results.count, results[index] == .committed {
                        // Its state stays the one to decide on while a later write of it is
                        // queued or in flight.
                        if state.queued[id] == nil, !state.inFlight.contains(where: { $0.ids.contains(id) }) {
                            state.unfinished[id] = nil
                        }
                        answered.append((write.waiters, .committed))
                    } else {
                        // Void, and so is whatever was decided on top of it since.
                        state.unfinished[id] = nil
                        let voided = state.queued.removeValue(forKey: id)?.waiters ?? []
                        state.queuedRequests -= voided.count
                        state.queueOrder.removeAll { $0 == id }
                        answered.append((write.waiters + voided, .conflict))
                    }
                }
                if let took { state.gathering.committed(answered: requests, queued: state.queuedRequests, in: took) }
            case .failure:
                // Forget everything that is not durable: this batch and whatever was queued on
                // top of it. Their requests are answered with the error; nothing was applied.
                // A batch already behind it in the storage meets unmet conditions on this
                // batch's activities (``SyncStorage/commitsInOrder``): its requests decide again.
                failed = (writes.flatMap(\.waiters) + state.queued.values.flatMap(\.waiters), state.barrierWaiters)
                state.unfinished = [:]
                state.queued = [:]
                state.queueOrder = []
                state.queuedRequests = 0
                state.barrierWaiters = []
                state.gathering.failed()
            }
            startCommitIfIdle(&state)
        }
        settle(&commits)
        switch batch.result {
        case .success(let results):
            notBefore = nil
            for (index, write) in writes.enumerated() where index < results.count && results[index] == .committed {
                for change in write.changes { publish(change, owner: .some(write.activity.owner)) }
                if let deadline = write.activity.snapshot.nextRuleDeadline { scheduleIfEarlier(deadline) }
            }
            for (waiters, result) in answered {
                for waiter in waiters { waiter.resume(returning: result) }
            }
            for barrier in barriers { barrier.resume(throwing: nil) }
        case .failure(let error):
            let (waiters, queuedBarriers) = failed ?? ([], [])
            for waiter in waiters { waiter.resume(throwing: error) }
            for barrier in barriers + queuedBarriers { barrier.resume(throwing: error) }
            notBefore = clock.now().addingTimeInterval(1)
            scheduleIfEarlier(notBefore!)
        }
    }
}

/// A caller waiting for the writes queued or in flight to be durable: resumed once, by the
/// batch that makes them durable (or fails) or by its waiter's cancellation, whichever
/// comes first; the other does nothing.
final class Barrier: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Void, any Error>)
        case resumed
    }
    private let state = Mutex(State.idle)

    /// Keeps `continuation` until ``resume(throwing:)``; false (and resumed at once with
    /// cancellation) when the waiter was cancelled before it began to wait.
    func wait(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let waits = state.withLock { state in
            guard case .idle = state else { return false }
            state = .waiting(continuation)
            return true
        }
        if !waits { continuation.resume(throwing: CancellationError()) }
        return waits
    }

    /// Resumes the waiter, with `error` or normally with `nil`, unless it already was.
    func resume(throwing error: (any Error)?) {
        let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state = .resumed }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        if let error { waiting?.resume(throwing: error) } else { waiting?.resume() }
    }
}
