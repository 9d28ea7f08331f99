import AccessKeys
import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import NIOHTTP1
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// A server many people share (`--require-keys`, ADR 0021), over real HTTP on 127.0.0.1:
/// every request says who it is, nobody sees or can tell of another's sessions, and past a
/// limit the answer is 429 with nothing changed.
@Suite("A server many people share", .servedFirst)
struct SharedServerTests {
    struct Fixture {
        let harness: SyncHarness
        let store: PreviewAccessKeyStore
        let http: RunningHTTPServer
        let alice: String
        let bob: String
        var base: String { http.baseURL }
        var activities: String { "\(base)/v1/activities" }
    }

    /// A heartbeat of 100 ms lets the server notice a closed stream soon after it closes.
    func fixture(
        _ limits: KeyLimits = KeyLimits(), monotonic: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        heartbeat: Duration = .milliseconds(100)
    ) async throws -> Fixture {
        let harness = try SyncHarness()
        let store = PreviewAccessKeyStore()
        let alice = try await store.make("alice")
        let bob = try await store.make("bob")
        let http = try await RunningHTTPServer.start(
            harness.server, heartbeat: heartbeat, access: KeyGate(store: store, limits: limits, monotonic: monotonic))
        return Fixture(harness: harness, store: store, http: http, alice: alice, bob: bob)
    }

    static let body = #"{"name":"Evening","target_seconds":600,"client_id":"cli"}"#

    func bearer(_ secret: String) -> [(String, String)] { [("Authorization", "Bearer \(secret)")] }

    func create(_ f: Fixture, key: String) async throws -> SessionHandle {
        let reply = try await RawHTTP.send("POST", f.activities, json: Self.body, headers: bearer(key))
        #expect(reply.status == 201)
        return SessionHandle(id: reply.json["id"] as? String ?? "", token: reply.json["token"] as? String ?? "")
    }

    @Test("without a key, or with one the server does not know, creating and listing are 401 and change nothing")
    func noKey() async throws {
        let f = try await fixture()
        for headers in [[], bearer("lmk_" + String(repeating: "0", count: 64)), [("Authorization", "Basic eDp5")]] {
            let created = try await RawHTTP.send("POST", f.activities, json: Self.body, headers: headers)
            #expect(created.status == 401)
            #expect(created.headers.first(name: "WWW-Authenticate") == "Bearer")
            #expect(["missing_key", "unknown_key"].contains(created.json["error"] as? String ?? ""))
            #expect(try await RawHTTP.send("GET", f.activities, headers: headers).status == 401)
        }
        #expect(try await f.harness.server.list().isEmpty)
        try await f.http.stop()
    }

    @Test("one key cannot list, read, stream or move another key's session, nor tell that it exists")
    func isolation() async throws {
        let f = try await fixture()
        let mine = try await create(f, key: f.alice)
        let url = "\(f.activities)/\(mine.id)"
        let nowhere = "\(f.activities)/\(UUID().uuidString.lowercased())"

        let aliceList = try await RawHTTP.send("GET", f.activities, headers: bearer(f.alice))
        #expect((aliceList.json["activities"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [mine.id])
        let bobList = try await RawHTTP.send("GET", f.activities, headers: bearer(f.bob))
        #expect(bobList.status == 200)
        #expect((bobList.json["activities"] as? [Any])?.count == 0)
        #expect(!bobList.body.contains(mine.id) && !aliceList.body.contains(mine.token))

        // Bob's key, or any token but the session's, gets what an unknown id gets.
        for (target, suffix) in [(url, ""), (nowhere, "")] {
            for (method, path) in [("GET", ""), ("GET", "/events"), ("POST", "/intents")] {
                let reply = try await RawHTTP.send(
                    method, target + suffix + path,
                    json: #"{"client_id":"b","intent_id":"1","action":"finish"}"#, headers: bearer(f.bob))
                #expect(reply.status == 404, "\(method) \(path)")
                #expect(reply.json["error"] as? String == "not_found")
            }
        }
        // Reading takes the session's token.
        #expect(try await RawHTTP.send("GET", url).status == 401)
        #expect(try await RawHTTP.send("GET", url, headers: bearer(mine.token)).status == 200)
        #expect(try await f.harness.server.snapshot(of: mine.id).version == 1)

        // The token still drives the session and its stream, as on a server of one person.
        let client = HTTPSyncConnection(baseURL: f.base, accessKey: f.alice)
        let paused = try await client.send(try request(.pause), to: mine.id, token: mine.token)
        #expect(paused.version == 2)
        let stream = try await client.events(of: mine.id, token: mine.token, after: nil)
        #expect(try await collect(1, from: stream).first?.version == 2)
        try await f.http.stop()
    }

    @Test("a revoked key is refused at its next request, and so are its sessions' tokens")
    func revoked() async throws {
        let f = try await fixture()
        let mine = try await create(f, key: f.alice)
        #expect(try await f.store.revoke(named: "alice"))
        let listed = try await RawHTTP.send("GET", f.activities, headers: bearer(f.alice))
        #expect(listed.status == 401)
        #expect(listed.json["error"] as? String == "unknown_key")
        #expect(try await RawHTTP.send("GET", "\(f.activities)/\(mine.id)", headers: bearer(mine.token)).status == 401)
        #expect(try await RawHTTP.send("GET", f.activities, headers: bearer(f.bob)).status == 200)
        await #expect(throws: SyncError.keyRefused) {
            try await HTTPSyncConnection(baseURL: f.base, accessKey: f.alice).activities()
        }
        try await f.http.stop()
    }

    @Test("past a key's limits: 429 with Retry-After, and nothing changed")
    func limits() async throws {
        // The rate is `rate()`'s to test: here it is above what the wait for a stream's place
        // can ask (a try every 10 ms), however long a loaded machine takes to free that place.
        let f = try await fixture(KeyLimits(liveActivities: 1, requestsPerSecond: 1_000, streams: 1))
        let mine = try await create(f, key: f.alice)
        let second = try await RawHTTP.send("POST", f.activities, json: Self.body, headers: bearer(f.alice))
        #expect(second.status == 429)
        #expect(Int(second.headers.first(name: "Retry-After") ?? "") ?? 0 >= 1)
        #expect(try await f.harness.server.list().count == 1)
        // Bob has his own allowance.
        _ = try await create(f, key: f.bob)

        // One stream per key: the second is refused while the first is open, and allowed after.
        let client = HTTPSyncConnection(baseURL: f.base, accessKey: f.alice)
        var first: AsyncThrowingStream<ActivitySnapshot, any Error>? = try await client.events(of: mine.id, token: mine.token, after: nil)
        #expect(try await collect(1, from: first!).count == 1)
        await #expect(throws: SyncError.self) { try await client.events(of: mine.id, token: mine.token, after: nil) }
        first = nil
        try await eventually { (try? await client.events(of: mine.id, token: mine.token, after: nil)) != nil }

        // Finishing frees a live place.
        _ = try await client.send(try request(.finish), to: mine.id, token: mine.token)
        _ = try await create(f, key: f.alice)
        try await f.http.stop()
    }

    @Test("a dismissed session's stream gives its key's count back as it ends, not at a heartbeat")
    func dismissedStreamGivesBack() async throws {
        // No heartbeat within the test: only the stream's own end can give the count back.
        let f = try await fixture(KeyLimits(requestsPerSecond: 50, streams: 1), heartbeat: .seconds(3_600))
        let mine = try await create(f, key: f.alice)
        let client = HTTPSyncConnection(baseURL: f.base, accessKey: f.alice)
        _ = try await client.send(try request(.finish), to: mine.id, token: mine.token)
        f.harness.clock.advance(by: 5 * 3_600)
        await f.harness.server.tick()
        #expect(try await f.harness.server.snapshot(of: mine.id).event == .dismiss)
        for _ in 0..<3 {
            let events = try await client.events(of: mine.id, token: mine.token, after: nil)
            // Read to the stream's end (asking for two, it gets the one and the end): the
            // next is opened once this one has ended, as the count is given back before.
            #expect(try await collect(2, from: events).map(\.event) == [.dismiss])
        }
        try await f.http.stop()
    }

    @Test("past a key's rate: 429 with Retry-After; the other key is not slowed")
    func rate() async throws {
        // The rate's clock held still: however slow this machine, no allowance comes back.
        let start = ContinuousClock.now
        let f = try await fixture(KeyLimits(requestsPerSecond: 3), monotonic: { start })
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await RawHTTP.send("GET", f.activities, headers: bearer(f.alice)).status) }
        #expect(statuses == [200, 200, 200, 429])
        let refused = try await RawHTTP.send("POST", f.activities, json: Self.body, headers: bearer(f.alice))
        #expect(refused.status == 429)
        #expect(refused.headers.first(name: "Retry-After") == "1")
        #expect(try await f.harness.server.list().isEmpty)
        #expect(try await RawHTTP.send("GET", f.activities, headers: bearer(f.bob)).status == 200)
        await #expect(throws: SyncError.self) {
            try await HTTPSyncConnection(baseURL: f.base, accessKey: f.alice).activities()
        }
        try await f.http.stop()
    }

    @Test("the sessions stream needs a key and carries only that key's sessions, new ones included")
    func sessionsStream() async throws {
        let f = try await fixture()
        let refused = try await RawHTTP.send("GET", "\(f.base)/v1/sessions/events")
        #expect(refused.status == 401)
        let bobs = try await create(f, key: f.bob)
        let alices = try await create(f, key: f.alice)
        var sessions = try await HTTPSyncConnection(baseURL: f.base, accessKey: f.alice).sessions().makeAsyncIterator()
        #expect(try await sessions.next()?.id == alices.id)
        // Bob's next change and Bob's new session are not Alice's to see; her new one is.
        _ = try await f.harness.server.send(try request(.pause), to: bobs.id, token: bobs.token)
        _ = try await create(f, key: f.bob)
        let next = try await create(f, key: f.alice)
        #expect(try await sessions.next()?.id == next.id)
        try await f.http.stop()
    }

    /// A group sit Alice leads: her creation's answer, and its join code.
    func groupSit(_ f: Fixture) async throws -> (reply: RawHTTP.Reply, code: JoinCode) {
        let reply = try await RawHTTP.send("POST", f.activities, json: Self.groupBody, headers: bearer(f.alice))
        #expect(reply.status == 201)
        return (reply, JoinCode(id: reply.json["id"] as? String ?? "", secret: reply.json["follow_code"] as? String ?? ""))
    }

    static let groupBody = #"{"name":"Sangha","target_seconds":600,"client_id":"cli","group":true}"#

    @Test("a group sit on a shared server: its follower needs a key of the server; their streams count against their own key, past its cap 429")
    func groupSitOnASharedServer() async throws {
        let f = try await fixture(KeyLimits(streams: 1))
        let (reply, code) = try await groupSit(f)
        #expect(code.secret.count == 26)
        // The code alone opens nothing here: 401, as for any request without a key.
        let keyless = try await RawHTTP.send("GET", "\(f.base)/v1/channels/\(code.id)/events", headers: [("Join-Code", code.secret)])
        #expect(keyless.status == 401 && keyless.json["error"] as? String == "missing_key")
        // Bob's key and the code: the sit, counted against Bob's streams, not Alice's.
        let bob = HTTPSyncConnection(baseURL: f.base, accessKey: f.bob)
        var pushes = try await bob.follow(code, after: nil).makeAsyncIterator()
        #expect(try await pushes.next()?.id == code.id)
        var refusal: SyncError?
        do {
            _ = try await bob.follow(code, after: nil)
        } catch {
            refusal = error
        }
        if case .tooManyRequests(let retryAfter, _)? = refusal {
            #expect(retryAfter >= 1)
        } else {
            Issue.record("a second stream past Bob's cap of one: \(String(describing: refusal))")
        }
        let alice = HTTPSyncConnection(baseURL: f.base, accessKey: f.alice)
        let token = reply.json["token"] as? String ?? ""
        var own = try await alice.events(of: code.id, token: token, after: nil).makeAsyncIterator()
        #expect(try await own.next()?.id == code.id)
        try await f.http.stop()
    }

    @Test("past a group sit's cap of followers: 429 with Retry-After for the next, whoever they are; a follower leaving gives the place back")
    func followersPerSit() async throws {
        let f = try await fixture(KeyLimits(followersPerSit: 1))
        let (_, code) = try await groupSit(f)
        let bob = HTTPSyncConnection(baseURL: f.base, accessKey: f.bob)
        let stream = try await bob.follow(code, after: nil)
        let reading = Task { for try await _ in stream {} }
        let refused = try await RawHTTP.send(
            "GET", "\(f.base)/v1/channels/\(code.id)/events", headers: bearer(f.alice) + [("Join-Code", code.secret)])
        #expect(refused.status == 429 && refused.headers.first(name: "Retry-After") == "1")
        #expect((refused.json["message"] as? String ?? "").contains("already has 1 followers"), "\(refused.body)")
        reading.cancel()
        // The place comes back as Bob's stream closes: Alice follows, within the server's notice.
        let alice = HTTPSyncConnection(baseURL: f.base, accessKey: f.alice)
        try await eventually {
            guard let opened = try? await alice.follow(code, after: nil) else { return false }
            var pushes = opened.makeAsyncIterator()
            return (try? await pushes.next())?.id == code.id
        }
        try await f.http.stop()
    }

    @Test("past a key's group sits with open codes: 429, Retry-After until the first closes by itself; revoking one frees a place")
    func groupSitsPerKey() async throws {
        let f = try await fixture(KeyLimits(groupSits: 1))
        let group = Self.groupBody
        let (first, _) = try await groupSit(f)
        let refused = try await RawHTTP.send("POST", f.activities, json: group, headers: bearer(f.alice))
        #expect(refused.status == 429, "\(refused.body)")
        // The sit's planned end is 600 s away, and its dismissal after it: no sooner.
        let wait = Int(refused.headers.first(name: "Retry-After") ?? "") ?? 0
        #expect(wait > 600, "\(wait)")
        #expect((refused.json["message"] as? String ?? "").contains("moments group revoke"))
        // A sit alone is not a channel, and another key has its own.
        #expect(try await RawHTTP.send("POST", f.activities, json: Self.body, headers: bearer(f.alice)).status == 201)
        #expect(try await RawHTTP.send("POST", f.activities, json: group, headers: bearer(f.bob)).status == 201)
        let revoke = try await RawHTTP.send(
            "POST", "\(f.activities)/\(first.json["id"] as? String ?? "")/intents",
            json: #"{"client_id":"cli","intent_id":"1","action":"revoke_code"}"#,
            headers: bearer(first.json["token"] as? String ?? ""))
        #expect(revoke.status == 200)
        #expect(try await RawHTTP.send("POST", f.activities, json: group, headers: bearer(f.alice)).status == 201)
        try await f.http.stop()
    }
}
