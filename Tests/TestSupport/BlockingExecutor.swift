import Foundation
import Testing

/// A task executor whose threads may block: each job runs on an idle thread of its own,
/// and when none is idle a new one is started, so a job never waits behind a blocked one.
/// Threads idle for ten seconds end.
///
/// ``TakingTurns`` runs its turn here: the suites that take turns wait on processes and
/// servers, often synchronously, and on the cooperative pool (one thread per core, two
/// here) such a wait leaves one thread fewer for every other suite of the run. Only one
/// suite holds the turn at a time, so these threads never multiply the run's processes.
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

    /// Runs a suite or test (`function`, a trait's scope) on this executor's threads, at a
    /// priority above the other suites'.
    ///
    /// The priority is for the tasks it starts and the pool's jobs they make (its servers'
    /// actors, its helpers' `Task`s): the pool runs its queue highest priority first, so they
    /// do not wait behind every light suite of the run for a thread, as they did at the start
    /// of a run, when hundreds of tests are queued at once.
    public static func run(_ function: @Sendable () async throws -> Void) async throws {
        try await runAtHighPriority(function, on: shared)
    }

    /// Runs `function` in a task of high priority of its own, on `executor`'s threads or,
    /// when it is `nil`, on the cooperative pool's, and waits for it.
    static func runAtHighPriority(
        _ function: @Sendable () async throws -> Void, on executor: (any TaskExecutor)?
    ) async throws {
        // The task ends before this returns.
        try await withoutActuallyEscaping(function) { function in
            // A task of its own: a child of the scope's task runs the test at the runner's
            // priority whatever it was given. It inherits the test's task-local values, and
            // is cancelled with the scope's task (a time limit).
            let task = Task(executorPreference: executor, priority: .high) { try await function() }
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
        }
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

/// A suite or test trait for the few suites whose tests block for long: a build, an
/// install, a corpus replay, a loop of crashes. They run on ``BlockingExecutor``'s threads
/// instead of the cooperative pool's. On the pool, two of them (a `swift build` of a
/// consumer package and the install script, a minute or two each beside a busy core) held
/// both its threads, and every other suite of the run stood still for as long.
///
/// Not for every test that waits on a process: the pseudo-terminal tests wait seconds each,
/// and moved off the pool together they all start at once, fifty processes on two cores.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    /// Runs the suite or test with ``BlockingExecutor/shared`` as its tasks' executor.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await BlockingExecutor.run(function)
    }
}

extension Trait where Self == OwnThreads {
    /// Runs on threads of its own, off the cooperative pool: for tests that block for long.
    public static var ownThreads: OwnThreads { OwnThreads() }
}
