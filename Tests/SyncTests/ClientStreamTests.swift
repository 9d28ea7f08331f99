import Domain
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// How the HTTP client reads an event stream: any bytes, heartbeats included, show that the
/// server is alive; a stream silent past the read timeout is taken for a dead server.
///
/// No test waits a fixed time: the read timeout passing is shown by a silent stream ending
/// of it. A stream that never ends would hang a test, so the suite has a time limit.
@Suite("Sync HTTP client: event streams", .blocking, .timeLimit(.minutes(1)))
struct ClientStreamTests {
    @Test("heartbeats alone keep a quiet stream open past the read timeout")
    func heartbeatsKeepOpen() async throws {
        let harness = try SyncHarness()
        let beating = try await RunningHTTPServer.start(harness.server, heartbeat: .milliseconds(50))
        let silent = try await RunningHTTPServer.start(harness.server, heartbeat: .seconds(60))
        // Sixty heartbeats to a read timeout: a whole run beside a busy core once kept an
        // in-process server from beating for a second.
        let readTimeout: Duration = .seconds(3)
        let created = try await harness.create()
        let stream = try await HTTPSyncConnection(baseURL: beating.baseURL, readTimeout: readTimeout)
            .events(of: created.id, token: created.token, after: nil)
        let reader = Task { try await collect(2, from: stream) }
        // A stream opened after it, with the same read timeout and no heartbeat, ends of
        // silence: once it has, the first has had nothing but heartbeats for longer than
        // its read timeout. Then a push.
        let control = try await HTTPSyncConnection(baseURL: silent.baseURL, readTimeout: readTimeout)
            .events(of: created.id, token: created.token, after: 1)
        let silence = await #expect(throws: SyncError.self) { try await collect(1, from: control) }
        guard case .unreachable(let reason)? = silence, reason.hasPrefix("no data for") else {
            Issue.record("the control stream ended otherwise than of silence: \(String(describing: silence))")
            return
        }
        _ = try await harness.server.send(try request(.pause), to: created.id, token: created.token)
        #expect(try await reader.value.map(\.version) == [1, 2])
        try await beating.stop()
        try await silent.stop()
    }

    @Test("a stream silent past the read timeout ends with the server unreachable")
    func silenceEnds() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server, heartbeat: .seconds(60))
        let connection = HTTPSyncConnection(baseURL: http.baseURL, readTimeout: .milliseconds(300))
        let created = try await harness.create()
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        // The first push, then nothing: the end comes of silence, not of the stream running dry.
        let error = await #expect(throws: SyncError.self) { try await collect(10, from: stream) }
        guard case .unreachable(let reason)? = error else {
            Issue.record("expected the server to be unreachable, not \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("no data for"))
        try await http.stop()
    }
}
