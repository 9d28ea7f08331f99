import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import NIOCore
import NIOPosix
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// A push to many event streams is handed to each event loop once, with the loop's own
/// copy of its bytes (``Subscriber``, issue 25 item 2): every stream must still get every
/// change once, in version order, and end after the dismissal, whichever loop it is on.
@Suite("Sync over HTTP: a push to many event streams")
struct FanOutTests {
    @Test(
        "every stream, on every event loop, gets each change once and in order, and the dismissal ends them all",
        .timeLimit(.minutes(1)))
    func everyStreamEveryChange() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        // Room for a connection per stream (the shared client keeps eight to a host), on
        // loops of the client's own: the server's and the client's turns at NIO's shared
        // loops alternate, and would put every stream the server accepts on one loop.
        let clientLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = HTTPClient(
            eventLoopGroupProvider: .shared(clientLoops),
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 32)))
        // The client is shut down however the test ends: one dropped unshut stops the run.
        var failure: (any Error)?
        do {
            try await everyChange(through: HTTPSyncConnection(baseURL: http.baseURL, client: client), of: harness)
        } catch {
            failure = error
        }
        try await client.shutdown()
        try await clientLoops.shutdownGracefully()
        try await http.stop()
        if let failure { throw failure }
    }

    /// Opens the streams through `connection`, makes the changes, and checks what every
    /// stream received.
    private func everyChange(through connection: HTTPSyncConnection, of harness: SyncHarness) async throws {
        let created = try await harness.create()
        // A connection each: the server hands them to its event loops in turn.
        let streamCount = 12
        var streams: [AsyncThrowingStream<ActivitySnapshot, any Error>] = []
        for _ in 0..<streamCount {
            streams.append(try await connection.events(of: created.id, token: created.token, after: nil))
        }
        let server = harness.server
        try await eventually { await server.subscriberCount(of: created.id) == streamCount }

        var expected = [created.state]
        for intent in [Intent.pause, .resume, .adjustTarget(bySeconds: 60), .cancel] {
            expected.append(try await connection.send(try request(intent), to: created.id, token: created.token))
        }
        harness.clock.advance(by: SessionLimits.maximumDismissalDelay)
        await server.tick()
        let dismissed = try await server.snapshot(of: created.id)
        #expect(dismissed.event == .dismiss)
        expected.append(dismissed)

        // Fewer than asked for: each stream ended after the dismissal.
        let asked = expected.count + 5
        let received = try await withThrowingTaskGroup(of: [ActivitySnapshot].self) { group in
            for stream in streams { group.addTask { try await collect(asked, from: stream) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(received.count == streamCount)
        for snapshots in received {
            #expect(snapshots == expected)
        }
        try await eventually { await server.subscriberCount(of: created.id) == 0 }
    }
}
