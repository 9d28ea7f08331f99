import Testing

/// A trait for suites and tests that start servers, databases or terminals of their own,
/// or time themselves against a second: they take turns, one at a time in the whole test
/// run, while the light suites go on beside them. On two cores, several of them at once
/// (each `initdb` alone takes a core for a second) made the one-second checks fail for no
/// fault of the code.
///
/// Give it to a suite or to a single test, never to both a suite and a test inside it:
/// the turn is not taken twice. The turn runs on threads of its own (``BlockingExecutor``):
/// what takes turns waits on processes, and must not hold one of the cooperative pool's
/// threads while it does.
public struct TakingTurns: SuiteTrait, TestTrait, TestScoping {
    /// Waits for the turn, runs the suite or test off the pool, and passes the turn on.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Turn.shared.take()
        do {
            try await withTaskExecutorPreference(BlockingExecutor.shared, operation: function)
        } catch {
            await Turn.shared.pass()
            throw error
        }
        await Turn.shared.pass()
    }
}

extension Trait where Self == TakingTurns {
    /// One at a time with every other suite or test that takes turns.
    public static var takingTurns: TakingTurns { TakingTurns() }
}

/// The one turn of the test run.
private actor Turn {
    static let shared = Turn()

    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func pass() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
