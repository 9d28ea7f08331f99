import Testing

/// A suite trait for the suites whose tests block their thread: they wait synchronously on
/// the processes, terminals, sockets or files they start (`waitForText`, `waitForExit`,
/// `BuiltProduct.run`, a worker process). Such a suite runs on ``BlockingExecutor``'s
/// threads, and at most ``width`` of them run at a time.
///
/// On the cooperative pool, a blocked test holds one of its threads for as long as it
/// waits. The pool on Linux is libdispatch's: one thread per core, and one more each
/// second while all are blocked, with its jobs in one queue. In a whole run beside a busy
/// core the queue was so full of blocked tests that a job waited 35 s for a thread, and
/// the in-memory tests behind them failed their 45 s waits having run twice
/// (`ShutdownWritesTests`, session 16). Off the pool, and a few at a time, these suites
/// neither starve the others nor start fifty processes at once on two cores.
///
/// A suite trait only: the place is taken before the suite's first test starts, so the
/// wait for it is not counted in any test's time limit. Not with ``TakingTurns`` or
/// ``OwnThreads`` on the same suite.
public struct Blocking: SuiteTrait, TestScoping {
    /// How many blocking suites run at a time: enough to keep two cores busy while each
    /// waits on its processes.
    public static let width = 3

    private static let slots = Slots(width: width)

    /// Waits for a place, runs the suite off the pool, and gives the place back.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await Self.slots.runOffThePool(function)
    }
}

extension Trait where Self == Blocking {
    /// Off the cooperative pool, a few suites at a time: for suites whose tests block on
    /// processes, terminals, sockets or files.
    public static var blocking: Blocking { Blocking() }
}
