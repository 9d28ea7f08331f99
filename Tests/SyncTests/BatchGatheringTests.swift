import Domain
import Fixtures
import Foundation
@testable import SyncAuthority
@testable import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// When the next group commit begins (ADR 0043): at once for a lone client, after the
/// requests the last batch answered have come back when there were several, and never
/// later than the last commit took (at most a millisecond).
///
/// On threads of its own (`.ownThreads`): whether a batch gathers its requests depends on
/// how soon its senders run again, and at the start of a whole test run a task waits for a
/// pool thread for longer than any commit (batches of 1, 2 and 3 of 4, a CI run found).
@Suite("Sync server: gathering a batch's requests", .ownThreads, .timeLimit(.minutes(3)))
struct BatchGatheringTests {
    @Test("the first batch, and every batch after a failure, begins at once")
    func beginsAtOnceWithNothingLearnt() {
        var gathering = BatchGathering()
        #expect(gathering.beginsNow(queuedRequests: 1))
        gathering.committed(answered: 64, queued: 0, in: .microseconds(500))
        gathering.failed()
        #expect(gathering.beginsNow(queuedRequests: 1))
        #expect(gathering == BatchGathering())
    }

    @Test("after a batch of 64 a batch waits until 64 are queued", arguments: [1, 32, 63])
    func waitsForAsManyAsTheLastAnswered(queued: Int) {
        var gathering = BatchGathering()
        gathering.committed(answered: 64, queued: 0, in: .microseconds(500))
        #expect(!gathering.beginsNow(queuedRequests: queued))
        #expect(gathering.beginsNow(queuedRequests: 64))
        #expect(gathering.beginsNow(queuedRequests: 65))
    }

    @Test("behind a batch in flight, the next is handed over once as many are queued as the last batch answered")
    func handedOverBehind() {
        var gathering = BatchGathering()
        #expect(gathering.beginsBehind(queuedRequests: 1), "nothing learnt: the first request is handed over")
        gathering.committed(answered: 30, queued: 5, in: .microseconds(500))
        #expect(!gathering.beginsBehind(queuedRequests: 29))
        #expect(gathering.beginsBehind(queuedRequests: 30))
        gathering.failed()
        #expect(gathering.beginsBehind(queuedRequests: 1))
    }

    @Test("requests queued while a batch was written count towards the next")
    func queuedMeanwhileCount() {
        var gathering = BatchGathering()
        // 63 answered, one already back: the next batch waits for all 64, not 63 with one
        // of them left for the batch after.
        gathering.committed(answered: 63, queued: 1, in: .microseconds(500))
        #expect(!gathering.beginsNow(queuedRequests: 63))
        #expect(gathering.beginsNow(queuedRequests: 64))
    }

    @Test("after a wait that ran out, batches begin at once: one, then twice as many each time, up to 64")
    func backsOffAfterAWaitThatRanOut() {
        var gathering = BatchGathering()
        var notWaiting: [Int] = []
        for _ in 0..<9 {
            gathering.committed(answered: 64, queued: 0, in: .microseconds(500))
            #expect(!gathering.beginsNow(queuedRequests: 10), "a wait follows the back-off")
            gathering.began(waitRanOut: true)
            notWaiting.append(gathering.batchesNotWaiting)
            // The batches of the back-off begin with whatever is queued.
            while gathering.batchesNotWaiting > 0 {
                gathering.committed(answered: 64, queued: 0, in: .microseconds(500))
                #expect(gathering.beginsNow(queuedRequests: 1))
                gathering.began(waitRanOut: false)
            }
        }
        #expect(notWaiting == [1, 2, 4, 8, 16, 32, 64, 64, 64])
    }

    @Test("a wait that gathers every request ends the back-off")
    func aWaitThatPaysEndsTheBackOff() {
        var gathering = BatchGathering()
        gathering.committed(answered: 64, queued: 0, in: .microseconds(500))
        gathering.began(waitRanOut: true)
        gathering.began(waitRanOut: false)
        gathering.began(waitRanOut: true)
        #expect(gathering.batchesNotWaiting == 2)
        gathering.began(waitRanOut: false)
        gathering.began(waitRanOut: false)
        // The wait after the back-off gathered its 64: the next one that runs out backs off by one again.
        gathering.began(waitRanOut: false)
        gathering.began(waitRanOut: true)
        #expect(gathering.batchesNotWaiting == 1)
    }

    @Test("a lone client's batches never wait")
    func loneClient() {
        var gathering = BatchGathering()
        gathering.committed(answered: 1, queued: 0, in: .milliseconds(5))
        #expect(gathering.beginsNow(queuedRequests: 1))
    }

    @Test("the wait is the last commit's duration, at most a millisecond")
    func patienceIsTheLastCommit() {
        var gathering = BatchGathering()
        gathering.committed(answered: 8, queued: 0, in: .microseconds(300))
        #expect(gathering.patience == .microseconds(300))
        gathering.committed(answered: 8, queued: 0, in: .seconds(2))
        #expect(gathering.patience == SyncServer.standardLongestBatchWait)
        gathering.committed(answered: 8, queued: 0, in: .zero)
        #expect(gathering.beginsNow(queuedRequests: 1), "nothing to wait for when a commit costs nothing")
    }

    @Test("a lone request after a full batch is answered once the patience is spent")
    func loneRequestAfterABatch() async throws {
        let storage = CountingStorage(delay: .milliseconds(2))
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600))
        // Eight senders at once: batches of several requests, which the next batch then waits for.
        try await Self.closedLoop(server, on: Array(repeating: created, count: 8), intentsEach: 5)
        #expect(storage.largestBatch > 1, "eight senders never shared a batch: \(storage.batchSizes)")
        // Then one sender alone: the batch cannot gather eight, and begins once its wait is spent.
        let clock = ContinuousClock()
        let began = clock.now
        let answer = try await server.send(
            try IntentRequest(clientID: "alone", intentID: "1", intent: .adjustTarget(bySeconds: -1)), to: created.id,
            token: created.token)
        #expect(answer.version == created.state.version + 41)
        #expect(clock.now - began < Patience.hang)
        await server.shutdown()
    }

    @Test("senders that come back within the wait share one batch each round")
    func sendersShareBatches() async throws {
        // Commits of 100 ms, and as long to wait for the others: in a whole test run a
        // sender's task may wait many milliseconds for a thread, the product's millisecond
        // would measure the machine's load, not the rule.
        let storage = CountingStorage(delay: .milliseconds(100))
        let server = SyncServer(storage: storage, clock: PreviewClock(), longestBatchWait: .seconds(1))
        var activities: [CreatedActivity] = []
        for _ in 0..<4 { activities.append(try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600))) }
        storage.reset()
        // Four senders, each waiting for its answer before its next intent. Without gathering,
        // the first to come back begins a batch alone and the other three wait for the next.
        try await Self.closedLoop(server, on: activities, intentsEach: 6)
        let sizes = storage.batchSizes
        #expect(sizes.reduce(0, +) == 24)
        // Without gathering they alternate, one and three, every round: a sender's next
        // intent is always queued alone before the other three come back. A round some
        // sender missed by more than the wait is still one of fewer.
        #expect(sizes.filter { $0 == 4 }.count >= 3, "batches: \(sizes)")
        await server.shutdown()
    }
}

extension BatchGatheringTests {
    /// A sender per activity of `targets` (the same one may stand several times), each
    /// sending `intentsEach` intents one after the other, the next once the last is answered.
    static func closedLoop(_ server: SyncServer, on targets: [CreatedActivity], intentsEach: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (sender, activity) in targets.enumerated() {
                group.addTask {
                    for step in 0..<intentsEach {
                        _ = try await server.send(
                            try IntentRequest(clientID: "s\(sender)", intentID: "\(step)", intent: .adjustTarget(bySeconds: 1)),
                            to: activity.id, token: activity.token)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// A preview storage whose commits each take `delay`: the commit's duration is what the
/// rule under test measures (the wait is at most as long), so it is a duration, not a wait
/// for an event; the senders' return is the event, and the tests run off the pool so it
/// comes well within it. It keeps how many writes' answers
/// (requests) each batch carried.
private final class CountingStorage: ForwardingSyncStorage, Sendable {
    let base = PreviewSyncStorage()
    private let delay: Duration
    private let sizes = Mutex<[Int]>([])

    init(delay: Duration) { self.delay = delay }

    /// The answers of each batch committed so far, in order.
    var batchSizes: [Int] { sizes.withLock { $0 } }
    var largestBatch: Int { batchSizes.max() ?? 0 }
    func reset() { sizes.withLock { $0 = [] } }

    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        sizes.withLock { $0.append(batch.reduce(0) { $0 + $1.answers.count }) }
        try await Task.sleep(for: delay)
        return try await base.commit(batch)
    }
}
