import Dispatch
import Foundation
@testable import Sync
import Testing

/// The commit lock's box (ADR 0054): one holder at a time however its waiters wait, and a
/// holder that keeps it past every try is waited for, not run beside.
struct SpinningLockedBoxTests {
    /// Two numbers that only a holder changes, each change leaving them equal: a second
    /// holder at the same time would find them apart.
    struct Pair {
        var first = 0
        var second = 0
        var apart = 0
    }

    @Test("threads taking it at once never hold it together, and every change is kept")
    func oneHolderAtATime() {
        let box = SpinningLockedBox(Pair())
        let threads = 4
        let changes = 20_000
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<changes {
                    box.withLockedValue { pair in
                        if pair.first != pair.second { pair.apart += 1 }
                        pair.first += 1
                        // Some work between the two halves of the change, as a decision has.
                        for _ in 0..<64 { pair.second = pair.first - 1 }
                        pair.second += 1
                    }
                }
                done.leave()
            }.start()
        }
        done.wait()
        let pair = box.withLockedValue { $0 }
        #expect(pair.apart == 0)
        #expect(pair.first == threads * changes)
        #expect(pair.second == threads * changes)
    }

    @Test("a holder that keeps it longer than every try is waited for in the kernel")
    func aLongHolderIsWaitedFor() async {
        let box = SpinningLockedBox([String]())
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            box.withLockedValue { order in
                order.append("holder")
                holding.signal()
                // Far longer than the tries take: the waiter has spent them all.
                release.wait()
                order.append("holder done")
            }
        }
        holder.start()
        holding.wait()
        let waited = DispatchSemaphore(value: 0)
        let waiter = Thread {
            box.withLockedValue { $0.append("waiter") }
            waited.signal()
        }
        waiter.start()
        // The waiter cannot have it while the holder does.
        #expect(waited.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        release.signal()
        #expect(waited.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(box.withLockedValue { $0 } == ["holder", "holder done", "waiter"])
    }
}
