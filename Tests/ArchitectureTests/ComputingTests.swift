import TestSupport
import Testing

/// TestSupport's ``ComputeExecutor``, which the suites given `.computing` run on: their
/// tests, synchronous ones and every case of a parameterized one, run on its one thread,
/// never the cooperative pool's.
@Suite("TestSupport: the computing suites' thread", .computing)
struct ComputingTests {
    @Test("a synchronous test of a .computing suite runs on the executor's thread")
    func synchronous() {
        #expect(ComputeExecutor.shared.runsCurrentThread)
    }

    @Test("each case of a parameterized test runs there too", arguments: 0..<4)
    func everyCase(_ index: Int) async {
        #expect(ComputeExecutor.shared.runsCurrentThread, "case \(index)")
    }
}

/// The same executor, from a suite without the trait.
@Suite("TestSupport: a suite without .computing")
struct NotComputingTests {
    @Test("runs on the pool, not on the computing suites' thread")
    func elsewhere() {
        #expect(!ComputeExecutor.shared.runsCurrentThread)
    }
}
