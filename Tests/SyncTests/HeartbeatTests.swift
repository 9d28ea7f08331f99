import Foundation
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// The server's heartbeats come from an event loop's timer, not from a task on Swift's
/// pool: a pool held by other work must not silence the streams past their clients' read
/// timeouts (a whole test run beside the bowl's and the player's suites once did, for 3 s).
@Suite("Sync HTTP server: heartbeats", .blocking, .timeLimit(.minutes(1)))
struct HeartbeatTests {
    @Test("heartbeats go on while every thread of Swift's pool is held")
    func heartbeatsWithoutThePool() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server, heartbeat: .milliseconds(20))
        let created = try await harness.create()
        let connection = try RawConnection(port: http.port)
        defer { connection.close() }
        try connection.sendGet("/v1/activities/\(created.id)/events", token: created.token)
        #expect(connection.read { $0.contains(": heartbeat") }, "the stream did not beat: \(connection.text)")
        // The pool is libdispatch's: a thread a core, and another each second while all of
        // them are held; it serves higher priorities first. More holders than threads, at
        // high priority, wait in its queue ahead of any job queued later, so each thread it
        // adds takes a holder too, and a task's beat would wait for all of them: half a
        // minute (at the default priority, a task's beat passed them in 0.9 s). Beats from
        // the loop's timer come meanwhile. No wait here is timed: each is for its event.
        let pool = HeldPool()
        let width = ProcessInfo.processInfo.activeProcessorCount
        for _ in 0..<(width + 32) {
            Task.detached(priority: .high) { pool.hold() }
        }
        pool.waitUntilHeld(width)
        let before = Self.beats(in: connection.text)
        let beat = connection.read(timeout: .seconds(30)) { Self.beats(in: $0) >= before + 3 }
        let stillHeld = pool.holding
        pool.release()
        #expect(beat, "no three heartbeats while the pool's \(width) threads were held: \(Self.beats(in: connection.text) - before)")
        #expect(stillHeld >= width)
        try await http.stop()
    }

    /// How many heartbeat comments `text` holds.
    static func beats(in text: String) -> Int {
        text.components(separatedBy: ": heartbeat\n\n").count - 1
    }

    /// Tasks that hold their threads of the pool until released.
    final class HeldPool: @unchecked Sendable {
        private let condition = NSCondition()
        private var held = 0
        private var released = false

        /// How many tasks hold a thread now.
        var holding: Int {
            condition.lock()
            defer { condition.unlock() }
            return held
        }

        /// Holds this task's thread until ``release()`` (at once after it).
        func hold() {
            condition.lock()
            defer { condition.unlock() }
            guard !released else { return }
            held += 1
            condition.broadcast()
            while !released { condition.wait() }
            held -= 1
        }

        /// Waits until `count` tasks hold their threads.
        func waitUntilHeld(_ count: Int) {
            condition.lock()
            defer { condition.unlock() }
            while held < count { condition.wait() }
        }

        /// Lets every holder go, and any that starts later through at once.
        func release() {
            condition.lock()
            defer { condition.unlock() }
            released = true
            condition.broadcast()
        }
    }
}
