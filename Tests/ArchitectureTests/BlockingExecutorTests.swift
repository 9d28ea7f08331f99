import Foundation
import TestSupport
import Testing

/// TestSupport's ``BlockingExecutor``, which the suites that take turns and those given
/// `.ownThreads` run on: their blocking waits hold threads of its own, never the
/// cooperative pool's.
@Suite("TestSupport: the executor of the suites that take turns")
struct BlockingExecutorTests {
    @Test("work run with the executor preferred runs on its threads, synchronous calls included")
    func runsOnItsThreads() async {
        let onIts = await withTaskExecutorPreference(BlockingExecutor.shared) {
            Self.isOnTheExecutor()
        }
        #expect(onIts)
        #expect(!Self.isOnTheExecutor())
    }

    @Test("a synchronous test given .ownThreads runs on the executor's threads", .ownThreads)
    func ownThreadsTrait() {
        #expect(Self.isOnTheExecutor())
    }

    @Test("one blocked job never holds up another: each child blocks until the others have all run")
    func blockedJobsDoNotHoldUpOthers() async {
        // On any fixed number of threads fewer than the children, this would never end.
        let count = 4
        let arrived = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        await withTaskExecutorPreference(BlockingExecutor.shared) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        arrived.signal()
                        Self.block(on: proceed)
                    }
                }
                group.addTask {
                    for _ in 0..<count { Self.block(on: arrived) }
                    for _ in 0..<count { proceed.signal() }
                }
            }
        }
    }

    /// Whether the calling thread is one of the executor's (a synchronous call, as a
    /// pseudo-terminal test's are).
    static func isOnTheExecutor() -> Bool { BlockingExecutor.shared.runsCurrentThread }

    /// Blocks the calling thread until `semaphore` is signalled, as a process wait does.
    static func block(on semaphore: DispatchSemaphore) { semaphore.wait() }
}
