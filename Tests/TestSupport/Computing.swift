import Foundation
import Testing

/// A task executor of one thread, for the suites of long computation in memory
/// (``Computing``): one job at a time, first come first run.
///
/// Jobs of tasks that prefer it run here, and so do the jobs of default actors those tasks
/// call. Nothing on it may wait synchronously for another of its jobs: it has no second
/// thread to run that job on.
public final class ComputeExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor of the test run.
    public static let shared = ComputeExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var thread: pthread_t?

    private init() {
        let thread = Thread { [self] in work() }
        thread.name = "computing suites"
        thread.stackSize = 8 << 20
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Whether the calling thread is this executor's.
    public var runsCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Runs `function` (a trait's scope) with this executor as its tasks' executor, at low
    /// priority: the pool jobs it makes, if any, come after everyone else's.
    public static func run(_ function: @Sendable () async throws -> Void) async throws {
        try await withoutActuallyEscaping(function) { function in
            let task = Task(executorPreference: shared, priority: .low) { try await function() }
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        }
    }

    /// The thread's life: every job, in turn, for as long as the process runs.
    private func work() {
        let executor = asUnownedTaskExecutor()
        condition.lock()
        thread = pthread_self()
        while true {
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: executor)
            condition.lock()
        }
    }
}

/// A suite trait for the suites that compute for long in memory: every size of every view,
/// every scenario of the catalog rendered, compared or exported. They run on
/// ``ComputeExecutor``'s one thread instead of the cooperative pool.
///
/// On the pool (two threads here), their test cases queued by the hundred at the start of
/// a run and each held a thread for up to seconds in a debug build: a profile of a whole
/// run beside a busy core found a quarter of its first 80 s of CPU in them, and an
/// in-process HTTP server of another suite went unanswered past its client's 10 s deadline.
/// On one thread of their own they use at most one core, and the servers, streams and
/// time-bounded waits of every other suite keep the pool.
///
/// Not for suites that block on processes (``Blocking``), nor with ``Blocking``,
/// ``TakingTurns`` or ``OwnThreads`` on the same suite.
public struct Computing: SuiteTrait, TestScoping {
    /// Runs the suite on ``ComputeExecutor/shared``.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ComputeExecutor.run(function)
    }
}

extension Trait where Self == Computing {
    /// On one thread of its own, off the cooperative pool: for suites of long computation
    /// in memory.
    public static var computing: Computing { Computing() }
}
