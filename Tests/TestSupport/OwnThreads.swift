import Foundation
import Testing

/// A suite or test trait for code that blocks its thread: reading a pseudo-terminal,
/// waiting for a child process, sleeping between polls. Each of its tests runs on threads
/// of its own (``BlockingExecutor``), never on the cooperative pool's, so its waits cannot
/// starve the suites that need the pool meanwhile; and at most ``width`` such tests run at
/// once in the whole run.
///
/// Synchronous tests run on the cooperative pool, which has one thread per core: two here.
/// Two such tests waiting on their children at once left nothing for the in-process
/// servers of the other suites. Moved off the pool with no bound, though, every blocking
/// test of the run started at once, and fifty processes starting together on two cores
/// made the ones that count their kills in seconds fail: hence the width.
/// ``TakingTurns`` runs its turn on these threads too.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    /// How many tests with this trait run at once.
    public static let width = 2

    /// Given to a suite, it applies to each of its tests.
    public var isRecursive: Bool { true }

    /// Each test case takes a place of its own; the suite itself needs none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Waits for a place, runs the test with ``BlockingExecutor/shared`` as its tasks'
    /// executor, and gives the place back.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Places.shared.take()
        do {
            try await withTaskExecutorPreference(BlockingExecutor.shared, operation: function)
        } catch {
            await Places.shared.give()
            throw error
        }
        await Places.shared.give()
    }
}

extension Trait where Self == OwnThreads {
    /// Runs on threads of its own, off the cooperative pool, a few at a time.
    public static var ownThreads: OwnThreads { OwnThreads() }
}

/// The places of the run's ``OwnThreads`` tests.
private actor Places {
    static let shared = Places()

    private var free = OwnThreads.width
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// A task executor whose threads may block: each job runs on an idle thread of its own,
/// and when none is idle a new one is started, so a job never waits behind a blocked one.
/// Threads idle for ten seconds end.
public final class BlockingExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor of the test run.
    public static let shared = BlockingExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var idle = 0
    private var threads: Set<pthread_t> = []

    private init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let startsThread = idle < jobs.count
        if !startsThread { condition.signal() }
        condition.unlock()
        if startsThread { Thread.detachNewThread { [self] in work() } }
    }

    /// Whether the calling thread is one of this executor's.
    public var runsCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return threads.contains(pthread_self())
    }

    /// A thread's life: the jobs it finds, until none comes for ten seconds.
    private func work() {
        let executor = asUnownedTaskExecutor()
        condition.lock()
        threads.insert(pthread_self())
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: executor)
                condition.lock()
                continue
            }
            idle += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: 10))
            idle -= 1
            if !woken && jobs.isEmpty { break }
        }
        threads.remove(pthread_self())
        condition.unlock()
    }
}
