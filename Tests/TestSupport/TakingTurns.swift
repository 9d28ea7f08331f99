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
        try await Slots.turn.runOffThePool(function)
    }
}

extension Trait where Self == TakingTurns {
    /// One at a time with every other suite or test that takes turns.
    public static var takingTurns: TakingTurns { TakingTurns() }
}

/// Places for suites or tests, at most `width` taken at a time, given in the order asked.
actor Slots {
    /// The one turn of the test run (``TakingTurns``).
    static let turn = Slots(width: 1)

    private let width: Int
    private var taken = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    /// Runs a trait's suite or test (`function`) in a place of its own, waiting for one
    /// first when all are taken, on ``BlockingExecutor``'s threads (``BlockingExecutor/run(_:)``).
    nonisolated func runOffThePool(_ function: @Sendable () async throws -> Void) async throws {
        await take()
        do {
            try await BlockingExecutor.run(function)
        } catch {
            await give()
            throw error
        }
        await give()
    }

    private func take() async {
        guard taken == width else {
            taken += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            taken -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
