import Domain
import Sync
import Testing

/// How the HTTP client reads an event stream: any bytes, heartbeats included, show that the
/// server is alive; a stream silent past the read timeout is taken for a dead server.
@Suite("Sync HTTP client: event streams")
struct ClientStreamTests {
    @Test("heartbeats alone keep a quiet stream open past the read timeout")
    func heartbeatsKeepOpen() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server, heartbeat: .milliseconds(50))
        let connection = HTTPSyncConnection(baseURL: http.baseURL, readTimeout: .milliseconds(600))
        let created = try await harness.create()
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        let reader = Task { try await collect(2, from: stream) }
        // Two and a half read timeouts with nothing but heartbeats, then a push.
        try await Task.sleep(for: .milliseconds(1_500))
        _ = try await harness.server.send(try request(.pause), to: created.id, token: created.token)
        #expect(try await reader.value.map(\.version) == [1, 2])
        try await http.stop()
    }

    @Test("a stream silent past the read timeout ends with the server unreachable")
    func silenceEnds() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server, heartbeat: .seconds(60))
        let connection = HTTPSyncConnection(baseURL: http.baseURL, readTimeout: .milliseconds(300))
        let created = try await harness.create()
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        let started = ContinuousClock.now
        let error = await #expect(throws: SyncError.self) { try await collect(10, from: stream) }
        guard case .unreachable(let reason)? = error else {
            Issue.record("expected the server to be unreachable, not \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("no data for"))
        #expect(ContinuousClock.now - started < .seconds(2))
        try await http.stop()
    }
}
