import Domain
import Fixtures
import Foundation
@testable import SyncAuthority
@testable import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// A second batch in flight on a storage that commits in order (ADR 0049): handed over
/// while the first is being written, finished after it, and never carrying what a failed
/// batch before it decided.
@Suite("Sync server: a second batch behind the one being written", .timeLimit(.minutes(3)))
struct PipelinedCommitTests {
    @Test("on a storage that commits in order the next batch reaches it while one is written; else it waits")
    func secondBatchHandedOver() async throws {
        for inOrder in [true, false] {
            let (storage, server, created, first, second) = try await Self.twoIntents(inOrder: inOrder)
            if inOrder {
                try await eventually { storage.arrived >= 3 }
                #expect(storage.arrived == 3, "the second batch did not reach the storage while the first was held")
            } else {
                // The server queues the second intent and decides whether to hand its batch
                // over in one turn on its actor: once it is seen queued, that was decided.
                try await eventually { await server.queuedRequests == 1 }
                #expect(storage.arrived == 2, "a storage that does not commit in order was handed a second batch")
            }
            storage.letThrough(2)
            storage.letThrough(3)
            let answers = try await (first.value, second.value)
            // Decided one on the other, answered in that order, both durable.
            #expect(answers.0.version == created.state.version + 1)
            #expect(answers.1.version == created.state.version + 2)
            #expect(try await storage.base.activity(created.id)?.snapshot.version == created.state.version + 2)
            await server.shutdown()
        }
    }

    @Test("a batch behind a failed one does not write what the failed one decided: its requests decide again")
    func batchBehindAFailure() async throws {
        let (storage, server, created, first, second) = try await Self.twoIntents(inOrder: true)
        let target = created.state.activity.content.targetTimeInSeconds
        try await eventually { storage.arrived >= 3 }
        storage.letThrough(2, failing: true)
        await #expect(throws: SyncError.self) { try await first.value }
        // The second batch meets the storage as the first left it: a conflict. Its request
        // is decided again, on what is durable, and written in a third batch.
        storage.letThrough(3)
        try await eventually { storage.arrived >= 4 }
        storage.letThrough(4)
        let answer = try await second.value
        #expect(answer.version == created.state.version + 1, "the failed batch's version was kept")
        #expect(answer.activity.content.targetTimeInSeconds == target.map { $0 + 1 }, "the failed batch's adjustment was kept")
        let stored = try await storage.base.activity(created.id)
        #expect(stored?.snapshot == answer)
        await server.shutdown()
    }

    @Test("waiting until durable covers both batches in flight")
    func barrierAfterBoth() async throws {
        let (storage, server, created, first, second) = try await Self.twoIntents(inOrder: true)
        try await eventually { storage.arrived >= 3 }
        // How many commits were written when finishWrites returned.
        let finishing = Task {
            await server.finishWrites(within: Patience.hang)
            return storage.written
        }
        storage.letThrough(2)
        _ = try await first.value
        // The barrier's own batch, empty, is back from the storage at once and waits for
        // the second to be finished; only then is the second let through.
        try await eventually { await server.returnedEarly.count == 1 }
        storage.letThrough(3)
        #expect(await finishing.value >= 3, "finishWrites returned with the second batch still held")
        #expect(try await storage.base.activity(created.id)?.snapshot.version == created.state.version + 2)
        _ = try await second.value
        await server.shutdown()
    }

    /// A server on a ``TicketedStorage`` with an activity of an hour (its creation, commit 1,
    /// let through) and two intents on it: the first's batch held in the storage (commit 2),
    /// the second decided on top of it, which is not durable yet.
    private static func twoIntents(inOrder: Bool) async throws -> (
        TicketedStorage, SyncServer, CreatedActivity, Task<ActivitySnapshot, any Error>, Task<ActivitySnapshot, any Error>
    ) {
        let storage = TicketedStorage(inOrder: inOrder)
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let creating = Task { try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600)) }
        try await eventually { storage.arrived >= 1 }
        storage.letThrough(1)
        let created = try await creating.value
        let first = Task { try await Self.adjust(server, created, id: "1") }
        try await eventually { storage.arrived >= 2 }
        let second = Task { try await Self.adjust(server, created, id: "2") }
        return (storage, server, created, first, second)
    }

    private static func adjust(_ server: SyncServer, _ created: CreatedActivity, id: String) async throws -> ActivitySnapshot {
        try await server.send(
            try IntentRequest(clientID: "pipeline", intentID: id, intent: .adjustTarget(bySeconds: 1)), to: created.id,
            token: created.token)
    }
}

/// A storage whose commits are numbered as they arrive (from 1) and each held until the
/// test lets it through, passing or failing; one that commits in order says so, as the
/// JSON files' does, and then writes each batch after the one before it.
final class TicketedStorage: ForwardingSyncStorage, Sendable {
    struct Refused: Error {}

    private struct State {
        var arrived = 0
        /// Tickets let through before they arrived, with whether they fail.
        var decided: [Int: Bool] = [:]
        /// Tickets waiting to be let through, each resumed with whether it passes.
        var held: [Int: CheckedContinuation<Bool, Never>] = [:]
        /// Every ticket up to this one is written (or failed).
        var finished = 0
        var turnWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    let base = PreviewSyncStorage()
    let commitsInOrder: Bool
    private let state = Mutex(State())

    init(inOrder: Bool) { commitsInOrder = inOrder }

    /// How many commits have arrived.
    var arrived: Int { state.withLock { $0.arrived } }

    /// How many commits are written (or failed), all of those before them too.
    var written: Int { state.withLock { $0.finished } }

    /// Lets commit `ticket` through, to the storage or (`failing`) to an error.
    func letThrough(_ ticket: Int, failing: Bool = false) {
        let held = state.withLock { state in
            guard let held = state.held.removeValue(forKey: ticket) else {
                state.decided[ticket] = failing
                return CheckedContinuation<Bool, Never>?.none
            }
            return held
        }
        held?.resume(returning: !failing)
    }

    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        let ticket = state.withLock { state in
            state.arrived += 1
            return state.arrived
        }
        // Let through before it is held (the test saw it arrive first), or held until then.
        let passes = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let decided = state.withLock { state -> Bool? in
                if let failing = state.decided.removeValue(forKey: ticket) { return !failing }
                state.held[ticket] = continuation
                return nil
            }
            if let decided { continuation.resume(returning: decided) }
        }
        // Written one after another, in the order the commits arrived.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.finished < ticket - 1 else { return true }
                state.turnWaiters[ticket] = continuation
                return false
            }
            if now { continuation.resume() }
        }
        defer {
            let next = state.withLock { state in
                state.finished = ticket
                return state.turnWaiters.removeValue(forKey: ticket + 1)
            }
            next?.resume()
        }
        guard passes else { throw Refused() }
        return try await base.commit(batch)
    }
}
