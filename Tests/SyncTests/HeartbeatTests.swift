import Foundation
import Sync
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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
        // The pool is libdispatch's: a thread a core, and another after a second with all of
        // them held. Each try holds every one for 600 ms and counts the beats read on this
        // thread (not the pool's) while all of them were held; a run so busy that they were
        // never held together for 300 ms tries again.
        var counted: (window: Duration, beats: Int)?
        for _ in 1...5 where counted == nil {
            let held = Held()
            let width = ProcessInfo.processInfo.activeProcessorCount
            for _ in 0..<width {
                Task.detached {
                    let start = ContinuousClock.now
                    usleep(600_000)
                    held.add(start, .now)
                }
            }
            var arrivals: [ContinuousClock.Instant] = []
            var seen = Self.beats(in: connection.text)
            connection.read(timeout: .milliseconds(900)) { text in
                let beats = Self.beats(in: text)
                if beats > seen { arrivals += Array(repeating: .now, count: beats - seen) }
                seen = beats
                return false
            }
            while held.count < width { usleep(10_000) }
            guard let window = held.window(of: width), window.upperBound - window.lowerBound >= .milliseconds(300) else { continue }
            counted = (window.upperBound - window.lowerBound, arrivals.filter { window.contains($0) }.count)
        }
        guard let counted else {
            Issue.record("the pool's threads were never all held at once for 300 ms in five tries")
            return
        }
        // Every 20 ms: a beat at least every 100 ms is far from a timer that waits for a thread.
        #expect(counted.beats >= Int(counted.window / .milliseconds(100)), "\(counted.beats) beats in \(counted.window)")
        try await http.stop()
    }

    /// How many heartbeat comments `text` holds.
    static func beats(in text: String) -> Int {
        text.components(separatedBy: ": heartbeat\n\n").count - 1
    }

    /// When each task that held a thread of the pool began and ended.
    final class Held: Sendable {
        private let spans = Mutex<[Range<ContinuousClock.Instant>]>([])

        var count: Int { spans.withLock { $0.count } }

        func add(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) {
            spans.withLock { $0.append(start..<end) }
        }

        /// The time all `width` held their threads together, if they ever did.
        func window(of width: Int) -> Range<ContinuousClock.Instant>? {
            spans.withLock { spans in
                guard spans.count == width, let start = spans.map(\.lowerBound).max(), let end = spans.map(\.upperBound).min(),
                    start < end
                else { return nil }
                return start..<end
            }
        }
    }
}
