import AsyncHTTPClient
import Domain
import Fixtures
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import SyncAuthority
import SyncClient
import SyncHTTP
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// The examples of SyncHTTP's and SyncClient's DocC catalogs, run with the suite (a
/// reader's package would build Hummingbird, NIO and AsyncHTTPClient for them):
/// DocCExamplesTests checks that each article holds its region here word for word.
@Suite("DocC: the HTTP server's and client's examples run", .timeLimit(.minutes(1)), .servedFirst)
struct ServerHalfDocCExampleTests {
    @Test("SyncHTTP's overview: a server in a service group of its own answers over HTTP, and stops")
    func syncHTTPOverview() async throws {
        // DocC example: SyncHTTP.docc/SyncHTTP.md
        // A server on a port the system chooses (0), its services in a group of one's own;
        // `moments serve` calls `http.run()` instead, which ends on SIGTERM.
        let server = SyncServer(storage: PreviewSyncStorage())
        let quiet = Logger(label: "example", factory: { _ in SwiftLogNoOpLogHandler() })
        let http = SyncHTTPServer(server: server, port: 0, logger: quiet)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let group = ServiceGroup(services: http.makeServices { port in listening.yield(port) }, logger: quiet)
        let serving = Task { try await group.run() }
        var announced = ports.makeAsyncIterator()
        guard let port = await announced.next() else { throw CancellationError() }

        // A session started in process, read over HTTP as `curl` would read it.
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        let created = try await server.create(attributes)
        let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/activities/\(created.id)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(90))
        let body = try await response.body.collect(upTo: 1 << 20)
        print(response.status.code, response.headers.first(name: "ETag") ?? "")  // 200 "1"

        // What SIGTERM does: every event stream ends, the server shuts down, the group returns.
        await group.triggerGracefulShutdown()
        try await serving.value
        // End of DocC example
        #expect(response.status.code == 200 && response.headers.first(name: "ETag") == "\"1\"")
        #expect(String(buffer: body).contains(created.id))
        // The group's end shut the server down: it takes no more requests.
        await #expect(throws: SyncError.unavailable) { try await server.create(attributes) }
    }

    @Test("SyncClient's overview: a client over HTTP starts a session, follows its pushes and pauses it")
    func syncClientOverview() async throws {
        let running = try await RunningHTTPServer.start(SyncServer(storage: PreviewSyncStorage()))
        let baseURL = running.baseURL
        // DocC example: SyncClient.docc/SyncClient.md
        // A client of the server at `baseURL`, such as `moments serve`'s http://127.0.0.1:7460.
        let connection = HTTPSyncConnection(baseURL: baseURL)
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
        // A creation with a key may be sent again: a retry gets the same activity, never a second.
        let created = try await connection.createActivity(
            attributes, showSeconds: true, clientID: "example", idempotencyKey: IdempotencyKey.random())
        let pushes = try await connection.events(of: created.id, token: created.token, after: nil)
        let pause = try IntentRequest(clientID: "example", intentID: "pause-1", intent: .pause)
        let paused = try await connection.send(pause, to: created.id, token: created.token)
        print(created.isReplay, paused.version, paused.activity.content.isPaused)  // false 2 true

        // The stream begins with the current state, then carries every change, in version order.
        var seen: [UInt64] = []
        for try await push in pushes {
            seen.append(push.version)
            if push.version == paused.version { break }
        }
        // End of DocC example
        #expect(!created.isReplay && created.state.version == 1)
        #expect(paused.version == 2 && paused.activity.content.isPaused)
        #expect(seen == [1, 2])
        try await running.stop()
    }
}
