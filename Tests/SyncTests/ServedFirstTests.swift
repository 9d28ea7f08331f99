import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import SyncTestSupport
import Synchronization
import TestSupport
import Testing

/// ``ServedFirst``, the trait of the suites that serve HTTP in process: their requests are
/// not queued behind the rest of the run's work on the cooperative pool.
@Suite("HTTP suites are served first on the pool", .servedFirst)
struct ServedFirstTests {
    /// How many jobs of ``spin`` the pool is given at the default priority: a queue of
    /// about a second on two threads, as the light suites make early in a whole run.
    static let queued = 400
    static let spin = Duration.milliseconds(4)

    @Test("a test and the tasks it starts run at high priority")
    func priority() async {
        #expect(Task.currentPriority == .high)
        #expect(await Task { Task.currentPriority }.value == .high)
    }

    @Test("a request to an in-process server is answered before a queue of other work drains")
    func answeredBeforeTheQueue() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL)
        let done = Done()
        let queue = (0..<Self.queued).map { _ in
            Task.detached(priority: .medium) {
                let end = ContinuousClock.now + Self.spin
                while ContinuousClock.now < end {}
                done.count.add(1, ordering: .relaxed)
            }
        }
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: false, clientID: "client-a", idempotencyKey: nil)
        let drained = done.count.load(ordering: .relaxed)
        for job in queue { await job.value }
        #expect(created.state.version == 1)
        // At the default priority the answer came after the whole queue had run.
        #expect(drained < Self.queued / 2)
        try await http.stop()
    }

    /// The queued jobs that have run.
    final class Done: Sendable {
        let count = Atomic<Int>(0)
    }
}
