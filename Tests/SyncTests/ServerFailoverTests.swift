import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// A client given several servers that share one store goes on through the next when the
/// one it uses stops answering: over real HTTP on loopback, two servers on one storage.
@Suite("Client failover between servers", .servedFirst)
struct ServerFailoverTests {
    @Test("intents and reads go on through the second server once the first is gone, and the stream resumes there")
    func goesOnThroughTheNext() async throws {
        let storage = PreviewSyncStorage()
        let clock = PreviewClock()
        let first = try await RunningHTTPServer.start(SyncServer(storage: storage, clock: clock))
        let second = try await RunningHTTPServer.start(SyncServer(storage: storage, clock: clock))
        let connection = HTTPSyncConnection(
            baseURL: ServerAddresses.join([first.baseURL, second.baseURL])!, readTimeout: .seconds(5))
        #expect(connection.baseURLs == [first.baseURL, second.baseURL])

        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "a", idempotencyKey: .random())
        let observer = ActivityObserver()
        let following = Task {
            await ActivityFollower(connection: connection, retryDelay: .milliseconds(20))
                .follow(id: created.id, token: created.token, into: observer)
        }
        defer { following.cancel() }
        try await eventually { await observer.current?.version == 1 }

        try await first.stop()
        let paused = try await connection.send(
            try request(.pause, client: "a", id: "after-stop"), to: created.id, token: created.token)
        #expect(paused.version == 2)
        #expect(connection.baseURL == second.baseURL)
        #expect(try await connection.activity(id: created.id, token: created.token) == paused)
        // The follower lost its stream with the first server and picked it up on the second.
        try await eventually { await observer.current == paused }
        try await second.stop()
    }

    @Test("server addresses are kept as one text, compared by any server in common")
    func addresses() {
        #expect(ServerAddresses.join(["http://a:1", "http://b:2, http://c:3"]) == "http://a:1,http://b:2,http://c:3")
        #expect(ServerAddresses.join([]) == nil)
        #expect(ServerAddresses.split(" http://a:1 ,,http://b:2") == ["http://a:1", "http://b:2"])
        #expect(ServerAddresses.overlap("http://c:3,http://a:1", "http://a:1"))
        #expect(!ServerAddresses.overlap("http://c:3", "http://a:1"))
    }
}
