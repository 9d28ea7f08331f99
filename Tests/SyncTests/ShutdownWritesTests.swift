import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// A server shut down while a batch is being committed: its host waits for the batch
/// (``SyncServer/finishWrites(within:)``) before it lets its hooks finish, so a change that
/// became durable, and that another server sharing the database may already have pushed,
/// still has its hooks run. Seen as a lost end hook when three servers stopped just after
/// a session's end.
@Suite("Sync server: the writes in flight at shutdown", .timeLimit(.minutes(3)))
struct ShutdownWritesTests {
    @Test("finishWrites returns once the batch in flight is durable and its observer told")
    func waitsForTheBatch() async throws {
        let storage = HeldCommitStorage(PreviewSyncStorage())
        let observer = RecordingObserver()
        let server = SyncServer(storage: storage, clock: PreviewClock(), observer: observer)
        let creating = Task { try await server.create(SessionAttributesMother.makeOpenEnded()) }
        try await heldCommit(of: storage, creating: creating)
        await server.shutdown()
        let finishing = Task { await server.finishWrites(within: Patience.hang) }
        // The batch is held: nothing is durable, nobody told.
        #expect(observer.versions.isEmpty)
        storage.release()
        await finishing.value
        #expect(observer.versions == [1], "finishWrites returned before the observer was told of the commit")
        _ = try await creating.value
    }

    @Test("a batch that never ends holds finishWrites only as long as its limit")
    func boundedByItsLimit() async throws {
        let storage = HeldCommitStorage(PreviewSyncStorage())
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let creating = Task { try await server.create(SessionAttributesMother.makeOpenEnded()) }
        try await heldCommit(of: storage, creating: creating)
        await server.shutdown()
        let clock = ContinuousClock()
        let began = clock.now
        await server.finishWrites(within: .milliseconds(300))
        #expect(clock.now - began >= .milliseconds(300))
        #expect(clock.now - began < Patience.hang)
        storage.release()
        _ = try? await creating.value
    }

    /// Waits until `storage` holds a commit, or fails saying how the creation ended
    /// without one. An event, not a deadline: at the start of a whole run this suite's
    /// tasks may wait a minute for a thread, and a poll against a deadline failed then.
    private func heldCommit(of storage: HeldCommitStorage, creating: Task<CreatedActivity, any Error>) async throws {
        let waiting = Task { await storage.untilHolding() }
        // Left to end with the creation (after the test's release); it only ends the wait early.
        let watching = Task {
            let result = await creating.result
            waiting.cancel()
            return "\(result)"
        }
        await waiting.value
        if !storage.isHolding { Issue.record("the creation ended without a held commit: \(await watching.value)") }
    }

    @Test("with nothing being written it returns at once")
    func nothingToWaitFor() async throws {
        let server = SyncServer(storage: PreviewSyncStorage(), clock: PreviewClock())
        _ = try await server.create(SessionAttributesMother.makeOpenEnded())
        await server.shutdown()
        let clock = ContinuousClock()
        let began = clock.now
        await server.finishWrites(within: Patience.hang)
        #expect(clock.now - began < .seconds(5))
    }
}

/// A storage whose commits wait until ``release()``: a batch in flight, for as long as a test needs.
final class HeldCommitStorage: ForwardingSyncStorage, Sendable {
    let base: PreviewSyncStorage
    private let state = Mutex<
        (
            holding: Bool, released: Bool, waiters: [CheckedContinuation<Void, Never>],
            holdWaiters: [(id: UUID, continuation: CheckedContinuation<Void, Never>)]
        )
    >((false, false, [], []))

    init(_ base: PreviewSyncStorage) { self.base = base }

    /// Whether a commit is waiting now.
    var isHolding: Bool { state.withLock { $0.holding } }

    /// Returns once a commit is held (at once if one is), or once the task is cancelled.
    func untilHolding() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state in
                    let waits = !state.holding && !Task.isCancelled
                    if waits { state.holdWaiters.append((id, continuation)) }
                    return waits
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.holdWaiters.firstIndex { $0.id == id }.map { state.holdWaiters.remove(at: $0).continuation }
            }
            waiter?.resume()
        }
    }

    /// Lets every commit, held and to come, through.
    func release() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (released, told) = state.withLock { state in
                guard !state.released else { return (true, [CheckedContinuation<Void, Never>]()) }
                state.holding = true
                state.waiters.append(continuation)
                defer { state.holdWaiters = [] }
                return (false, state.holdWaiters.map(\.continuation))
            }
            for waiter in told { waiter.resume() }
            if released { continuation.resume() }
        }
        return try await base.commit(batch)
    }

}

/// An observer that keeps the versions it was told of.
final class RecordingObserver: DurableChangeObserver {
    private let told = Mutex<[UInt64]>([])

    /// The versions told so far, in order.
    var versions: [UInt64] { told.withLock { $0 } }

    func durable(_ changes: [ActivitySnapshot]) async {
        told.withLock { $0 += changes.map(\.version) }
    }
}
