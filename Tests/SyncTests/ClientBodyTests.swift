import Domain
import Fixtures
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// What the HTTP client writes, read back by the real server's strict decoding: client and
/// server share one definition of each body, so every field arrives as it was sent.
@Suite("Sync HTTP client: request bodies", .servedFirst)
struct ClientBodyTests {
    /// Further than a Double counts exactly: sent as one, it would arrive as 2^53.
    static let versionPastDouble: UInt64 = (1 << 53) + 1

    @Test("creation options arrive as sent: a target or none (null), seconds shown or not")
    func creation() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL)
        let cases = [(SessionAttributesMother.makeAttributes(), false), (SessionAttributesMother.makeOpenEnded(), true)]
        for (attributes, showSeconds) in cases {
            let created = try await connection.createActivity(
                attributes, showSeconds: showSeconds, clientID: "client-a", idempotencyKey: nil)
            #expect(created.state.activity.attributes == attributes)
            #expect(created.state.activity.content.showSeconds == showSeconds)
        }
        try await http.stop()
    }

    @Test("each action, and a fractional adjustment, arrives as sent")
    func actions() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL)
        let created = try await harness.create()
        let planned = try #require(created.state.activity.content.targetTimeInSeconds)
        let adjusted = try await connection.send(try request(.adjustTarget(bySeconds: 90.5)), to: created.id, token: created.token)
        #expect(adjusted.activity.content.targetTimeInSeconds == planned + 90.5)
        #expect(try await connection.send(try request(.pause), to: created.id, token: created.token).activity.content.isPaused)
        #expect(try await connection.send(try request(.resume), to: created.id, token: created.token).activity.content.isRunning)
        let finished = try await connection.send(try request(.finish), to: created.id, token: created.token)
        #expect(finished.activity.content.outcome == .finishedEarly)
        let other = try await harness.create()
        let cancelled = try await connection.send(try request(.cancel), to: other.id, token: other.token)
        #expect(cancelled.activity.content.outcome == .cancelled)
        try await http.stop()
    }

    @Test("expected_version goes as an exact integer, also past what a Double holds")
    func exactExpectedVersion() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL)
        let created = try await harness.create()
        for expected in [Self.versionPastDouble, UInt64.max] {
            // The server answers 412 and names the version it read.
            await #expect(throws: SyncError.staleVersion(expected: expected, current: created.state)) {
                try await connection.send(try request(.pause, expected: expected), to: created.id, token: created.token)
            }
        }
        let applied = try await connection.send(try request(.pause, expected: 1), to: created.id, token: created.token)
        #expect(applied.version == 2)
        try await http.stop()
    }
}
