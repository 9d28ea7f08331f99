import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Issue #26, item 7: after a burst of event streams closes, `moments serve`'s resident
/// memory returns near its baseline instead of staying at the burst's peak and ratcheting
/// over bursts (glibc's arenas keep freed memory; the server trims them, see
/// `MemoryGiveBack`).
///
/// CI opens 600 streams once; `MOMENTS_LONG_FAULTS=1` opens 2,000, three times over.
@Suite("moments serve gives memory back after a burst", .serialized, .takingTurns)
struct MemoryAfterBurstTests {
    enum Scale {
        static let isLong = ProcessInfo.processInfo.environment["MOMENTS_LONG_FAULTS"] == "1"
        static let streams = isLong ? 2_000 : 600
        static let bursts = isLong ? 3 : 1
    }

    /// Raw event streams, handed between threads as a whole.
    final class Streams: @unchecked Sendable {
        let connections: [RawConnection]

        /// Opens `count` event streams of `created` and reads each one's first event.
        init(count: Int, port: Int, of created: CreatedActivity) throws {
            var opened: [RawConnection] = []
            for _ in 0..<count {
                let stream = try RawConnection(port: port)
                try stream.sendGet("/v1/activities/\(created.id)/events", token: created.token)
                opened.append(stream)
            }
            for stream in opened { stream.read { $0.contains("data:") } }
            connections = opened
        }

        func close() {
            connections.forEach { $0.close() }
        }
    }

    @Test("after a burst of streams closes, RSS is within a third of the burst's growth of the baseline", .timeLimit(.minutes(3)))
    func memoryFollowsTheLoad() async throws {
        try await ServerProcess.onScratchFolder(burst(on:))
    }

    private func burst(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: nil)
        let port = server.port
        // A first small burst warms up what every server holds once (threads, pools).
        try await offThePool { try Streams(count: 20, port: port, of: created) }.close()
        let baseline = server.residentMegabytes

        for burst in 1...Scale.bursts {
            let streams = try await offThePool { try Streams(count: Scale.streams, port: port, of: created) }
            let during = server.residentMegabytes
            streams.close()
            let bound = baseline + (during - baseline) / 3
            var after = during
            try await eventually {
                after = server.residentMegabytes
                return after <= bound
            }
            print("memory after a burst \(burst) of \(Scale.streams) streams: "
                + "\(Int(baseline)) MB before, \(Int(during)) during, \(Int(after)) after")
            #expect(during > baseline, "the burst cost nothing: the test measures nothing")
        }
    }
}
