import Testing

/// A suite trait for the suites that serve HTTP in process and never block a thread: each
/// test runs on the cooperative pool in a task of high priority, and the servers, clients
/// and helpers it starts inherit that priority.
///
/// A request to an in-process server takes several of the pool's jobs in turn (the
/// server's actor, the handler's task, the client's continuation). Early in a whole run,
/// hundreds of light tests are queued on the pool's two threads, and each of those jobs
/// waited behind them: requests missed their client's 10 s deadline over every retry,
/// and a creation retried that way came back as a replay (the CI run of session 31).
/// The pool runs its queue highest priority first, so these jobs no longer wait for the
/// light suites. With 1,500 jobs of 4 ms queued, a request took 3 s at the default
/// priority and 33 ms at high.
///
/// Not for suites that block (``Blocking``, ``TakingTurns``): at high priority a blocked
/// thread would hold the pool from everyone.
public struct ServedFirst: SuiteTrait, TestTrait, TestScoping {
    /// Runs the suite's tests in tasks of high priority.
    public var isRecursive: Bool { true }

    /// Runs a test (`function`) in a task of high priority on the cooperative pool; the
    /// suite's own scope is passed through.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else { return try await function() }
        try await BlockingExecutor.runAtHighPriority(function, on: nil)
    }
}

extension Trait where Self == ServedFirst {
    /// At high priority on the cooperative pool: for suites whose tests serve HTTP in
    /// process and do not block.
    public static var servedFirst: ServedFirst { ServedFirst() }
}
