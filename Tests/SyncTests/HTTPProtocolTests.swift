import AsyncHTTPClient
import Domain
import Fixtures
import Foundation
import NIOCore
import NIOHTTP1
import SyncAuthority
import SyncHTTP
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// The HTTP protocol of Documentation/Protocol.md, byte for byte: statuses, headers,
/// bodies, and every kind of bad input answered without a change of state.
@Suite("Sync HTTP protocol", .blocking)
struct HTTPProtocolTests {
    struct Fixture {
        let harness: SyncHarness
        let http: RunningHTTPServer
        let created: CreatedActivity
        var base: String { http.baseURL }
        var intents: String { "\(base)/v1/activities/\(created.id)/intents" }
        var auth: [(String, String)] { [("Authorization", "Bearer \(created.token)")] }
    }

    func fixture(heartbeat: Duration = .seconds(15)) async throws -> Fixture {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server, heartbeat: heartbeat)
        return Fixture(harness: harness, http: http, created: try await harness.create())
    }

    /// The state did not move.
    func unchanged(_ fixture: Fixture) async throws {
        #expect(try await fixture.harness.server.snapshot(of: fixture.created.id) == fixture.created.state)
    }

    @Test("health, creation, listing without tokens, and reading with an ETag")
    func happyPaths() async throws {
        let f = try await fixture()
        let health = try await RawHTTP.send("GET", "\(f.base)/healthz")
        #expect(health.status == 200 && health.body == #"{"status":"ok"}"#)
        // Ready: storage in this process's own files has no outage to report (ADR 0027).
        let ready = try await RawHTTP.send("GET", "\(f.base)/readyz")
        #expect(ready.status == 200 && ready.json["status"] as? String == "ready")

        let created = try await RawHTTP.send(
            "POST", "\(f.base)/v1/activities", json: #"{"name":"Evening","target_seconds":600,"client_id":"cli"}"#)
        #expect(created.status == 201)
        let token = created.json["token"] as? String ?? ""
        #expect(token.count == 64)
        let state = created.json["state"] as? [String: Any]
        #expect((state?["aps"] as? [String: Any])?["event"] as? String == "start")
        #expect(state?["version"] as? Int == 1)

        let list = try await RawHTTP.send("GET", "\(f.base)/v1/activities")
        #expect(list.status == 200)
        #expect(!list.body.contains(token) && !list.body.contains(f.created.token))
        #expect((list.json["activities"] as? [Any])?.count == 2)

        let one = try await RawHTTP.send("GET", "\(f.base)/v1/activities/\(f.created.id)")
        #expect(one.status == 200)
        #expect(one.headers.first(name: "ETag") == "\"1\"")
        try await f.http.stop()
    }

    @Test("bad bodies get 400 naming the field, 413 over 4 KB; nothing changes")
    func badBodies() async throws {
        let f = try await fixture()
        let cases: [(String, String)] = [
            (#"{"client_id":"c","intent_id":"i","action":"pause","colour":"blue"}"#, "Unknown field 'colour'"),
            (#"{"client_id":"c","intent_id":"i","action":"explode"}"#, "'action' must be pause, resume, finish, cancel, adjust or revoke_code"),
            (#"{"client_id":"c","intent_id":"i","action":"start"}"#, "'action' must be pause, resume, finish, cancel, adjust or revoke_code, not 'start'"),
            (#"{"client_id":"c","intent_id":"i","action":"adjust"}"#, "'adjust_seconds' is required"),
            (#"{"client_id":"c","intent_id":"i","action":"pause","adjust_seconds":60}"#, "'adjust_seconds' goes only with 'action': adjust"),
            (#"{"client_id":"c","intent_id":"i","action":"adjust","adjust_seconds":"60"}"#, "'adjust_seconds' must be a number"),
            (#"{"client_id":"c","intent_id":"i","action":"adjust","adjust_seconds":1e9}"#, "'adjust_seconds' must be a number from -28800 to 28800"),
            (#"{"client_id":5,"intent_id":"i","action":"pause"}"#, "'client_id' must be a string"),
            (#"{"intent_id":"i","action":"pause"}"#, "'client_id' is missing"),
            (#"{"client_id":"","intent_id":"i","action":"pause"}"#, "'client_id' must be 1 to 128 characters"),
            (#"{"client_id":"c","intent_id":"i","action":"pause","expected_version":-1}"#, "'expected_version' must be a whole number from 0 up"),
            (#"{"client_id":"c","intent_id":"i","action":"pause""#, "not valid JSON"),
            (#"["pause"]"#, "must be a JSON object"),
            (String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000), "not valid JSON"),
        ]
        for (body, message) in cases {
            let reply = try await RawHTTP.send("POST", f.intents, json: body, headers: f.auth)
            #expect(reply.status == 400, "\(body.prefix(60))")
            #expect((reply.json["message"] as? String ?? "").contains(message), "\(reply.body)")
        }
        let invalidUTF8 = Data([0x7B, 0x22, 0x61, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])
        #expect(try await RawHTTP.send("POST", f.intents, body: invalidUTF8, headers: f.auth).status == 400)
        let huge = #"{"client_id":"c","intent_id":"i","action":"pause","pad":""# + String(repeating: "x", count: 5_000) + #""}"#
        let tooLarge = try await RawHTTP.send("POST", f.intents, json: huge, headers: f.auth)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json["error"] as? String == "body_too_large")

        let badCreate = try await RawHTTP.send("POST", "\(f.base)/v1/activities", json: #"{"name":"","target_seconds":0,"client_id":"c"}"#)
        #expect(badCreate.status == 400)
        #expect((badCreate.json["message"] as? String ?? "").contains("'name'"))
        let badTarget = try await RawHTTP.send("POST", "\(f.base)/v1/activities", json: #"{"name":"ok","target_seconds":0,"client_id":"c"}"#)
        #expect((badTarget.json["message"] as? String ?? "").contains("'target_seconds'"))
        let badClient = try await RawHTTP.send("POST", "\(f.base)/v1/activities", json: #"{"name":"ok","target_seconds":60,"client_id":""}"#)
        #expect((badClient.json["message"] as? String ?? "").contains("'client_id' must be 1 to 128 characters"))
        for bells in [#"{"start_strikes":7}"#, #"{"interval_every_seconds":120}"#, #"{"interval_every_seconds":60,"interval_at_seconds":[30]}"#] {
            let badBells = try await RawHTTP.send(
                "POST", "\(f.base)/v1/activities", json: #"{"name":"ok","target_seconds":60,"client_id":"c","bells":"# + bells + "}")
            #expect(badBells.status == 400, "\(bells)")
            #expect((badBells.json["message"] as? String ?? "").contains("'bells'"), "\(badBells.body)")
        }
        // A channel's storage is "latest" or "none", and only a group sit has a channel.
        for (storage, says) in [
            (#""channel_storage":"oldest","group":true"#, #"'channel_storage' must be "latest" or "none", not 'oldest'"#),
            (#""channel_storage":"none""#, "'channel_storage': Only a group sit has a channel"),
        ] {
            let refused = try await RawHTTP.send(
                "POST", "\(f.base)/v1/activities", json: #"{"name":"ok","target_seconds":60,"client_id":"c","# + storage + "}")
            #expect(refused.status == 400 && (refused.json["message"] as? String ?? "").contains(says), "\(refused.body)")
        }
        #expect(try await f.harness.server.list().count == 1)
        try await unchanged(f)
        try await f.http.stop()
    }

    @Test("401 without a token, 403 with a wrong one, 404 for an unknown activity")
    func authorisation() async throws {
        let f = try await fixture()
        let pause = #"{"client_id":"c","intent_id":"i","action":"pause"}"#
        let none = try await RawHTTP.send("POST", f.intents, json: pause)
        #expect(none.status == 401)
        #expect(none.headers.first(name: "WWW-Authenticate") == "Bearer")
        #expect(try await RawHTTP.send("POST", f.intents, json: pause, headers: [("Authorization", "Bearer nope")]).status == 403)
        #expect(try await RawHTTP.send("POST", f.intents, json: pause, headers: [("Authorization", "Basic abc")]).status == 401)
        #expect(try await RawHTTP.send("POST", "\(f.base)/v1/activities/missing/intents", json: pause, headers: f.auth).status == 404)
        #expect(try await RawHTTP.send("GET", "\(f.base)/v1/activities/\(f.created.id)/events", headers: [("Authorization", "Bearer nope")]).status == 403)
        try await unchanged(f)
        try await f.http.stop()
    }

    @Test("409 carries the code and the current state; 412 for a stale If-Match; disagreeing versions are 400")
    func conflicts() async throws {
        let f = try await fixture()
        _ = try await f.harness.server.send(try request(.cancel), to: f.created.id, token: f.created.token)
        let refused = try await RawHTTP.send("POST", f.intents, json: #"{"client_id":"c","intent_id":"1","action":"pause"}"#, headers: f.auth)
        #expect(refused.status == 409)
        #expect(refused.json["error"] as? String == "session_ended")
        #expect((refused.json["state"] as? [String: Any])?["version"] as? Int == 2)

        let g = try await fixture()
        let stale = try await RawHTTP.send(
            "POST", g.intents, json: #"{"client_id":"c","intent_id":"1","action":"pause"}"#, headers: g.auth + [("If-Match", "\"7\"")])
        #expect(stale.status == 412)
        #expect(stale.json["expected_version"] as? Int == 7)
        let disagree = try await RawHTTP.send(
            "POST", g.intents, json: #"{"client_id":"c","intent_id":"2","action":"pause","expected_version":1}"#,
            headers: g.auth + [("If-Match", "\"2\"")])
        #expect(disagree.status == 400)
        let matching = try await RawHTTP.send(
            "POST", g.intents, json: #"{"client_id":"c","intent_id":"3","action":"pause"}"#, headers: g.auth + [("If-Match", "\"1\"")])
        #expect(matching.status == 200)
        #expect(matching.headers.first(name: "ETag") == "\"2\"")
        try await f.http.stop()
        try await g.http.stop()
    }

    @Test("events are server-sent: id, event and an APNs-shaped data line, then heartbeats")
    func eventStream() async throws {
        let f = try await fixture(heartbeat: .milliseconds(200))
        var request = HTTPClientRequest(url: "\(f.base)/v1/activities/\(f.created.id)/events")
        request.headers.add(name: "Authorization", value: "Bearer \(f.created.token)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(Patience.hang.components.seconds))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
        var text = ""
        for try await buffer in response.body {
            text += String(buffer: buffer)
            if text.contains(": heartbeat") { break }
        }
        #expect(text.hasPrefix("id: 1\nevent: start\ndata: {\"activity\":"))
        let dataLine = text.split(separator: "\n").first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? ""
        let payload = try JSONSerialization.jsonObject(with: Data(dataLine.utf8)) as? [String: Any]
        let aps = payload?["aps"] as? [String: Any]
        for key in ["timestamp", "event", "content-state", "stale-date", "dismissal-date", "relevance-score"] {
            #expect(aps?.keys.contains(key) == true, "aps lacks \(key)")
        }
        #expect(payload?["activity_id"] as? String == f.created.id)
        try await f.http.stop()
    }

    @Test("authorisation comes before the body: a wrong token with a bad or huge body is 403, no token 401")
    func authorisationFirst() async throws {
        let f = try await fixture()
        let wrong = [("Authorization", "Bearer not-the-token")]
        #expect(try await RawHTTP.send("POST", f.intents, json: "{not json", headers: wrong).status == 403)
        let huge = String(repeating: "x", count: SyncHTTPServer.maximumBodySize + 1)
        #expect(try await RawHTTP.send("POST", f.intents, json: huge, headers: wrong).status == 403)
        #expect(try await RawHTTP.send("POST", f.intents, json: "{not json").status == 401)
        try await unchanged(f)
        try await f.http.stop()
    }

    @Test("a subscriber that hangs up is forgotten, heartbeats and pushes included")
    func hangUpForgotten() async throws {
        let f = try await fixture(heartbeat: .milliseconds(50))
        let server = f.harness.server
        var sockets: [SlowSocket] = []
        for _ in 0..<5 {
            let socket = try SlowSocket(port: f.http.port)
            try socket.send(
                "GET /v1/activities/\(f.created.id)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(f.created.token)\r\n\r\n")
            sockets.append(socket)
        }
        try await eventually { await server.subscriberCount(of: f.created.id) == 5 }
        sockets.forEach { $0.close() }
        // The server notices a closed socket when it next writes: a heartbeat or a push.
        try await eventually { await server.subscriberCount(of: f.created.id) == 0 }
        let after = try await server.send(try request(.pause), to: f.created.id, token: f.created.token)
        #expect(after.version == 2)
        try await f.http.stop()
    }

    @Test("a storage that cannot be written answers 503 with Retry-After, and the same intent sent again is applied once")
    func storageLost() async throws {
        let f = try await fixture()
        let body = #"{"client_id":"a","intent_id":"lost-1","action":"pause"}"#
        f.harness.storage.failNextCommits(1)
        let lost = try await RawHTTP.send("POST", f.intents, json: body, headers: f.auth)
        #expect(lost.status == 503)
        #expect(lost.headers.first(name: "Retry-After") == "1")
        try await unchanged(f)
        let retried = try await RawHTTP.send("POST", f.intents, json: body, headers: f.auth)
        #expect(retried.status == 200)
        #expect(try await f.harness.server.snapshot(of: f.created.id).version == 2)
        try await f.http.stop()
    }

    /// An open stream would keep the server from stopping; the time limit fails that hang.
    /// How fast it stops is not this test's business. The watcher is a raw socket, so what
    /// is tested is the server's promise (the stream ends, the connection closes), not a
    /// client's reconnection after it.
    @Test("a graceful shutdown ends open event streams and stops", .timeLimit(.minutes(1)))
    func shutdownClosesStreams() async throws {
        let f = try await fixture()
        let watcher = try RawConnection(port: f.http.port)
        defer { watcher.close() }
        try watcher.sendGet("/v1/activities/\(f.created.id)/events", token: f.created.token)
        // Its reads block, so they run off the cooperative pool, where the server's
        // handlers (in this process) and the other suites' must keep running.
        let reading = OneReader(watcher)
        let opened = await offThePool { reading.connection.read { $0.contains("id: 1") } }
        #expect(opened, "the stream never brought version 1: \(watcher.text)")
        try await eventually { await f.harness.server.subscriberCount(of: f.created.id) == 1 }
        try await f.http.stop()
        let closed = await offThePool { reading.connection.closedByServer(within: Patience.hang) }
        #expect(closed, "the stream was still open after the server stopped")
        #expect(!watcher.text.contains("id: 2"))
    }

    /// A raw connection handed to one blocking reader at a time, off the pool.
    struct OneReader: @unchecked Sendable {
        let connection: RawConnection
        init(_ connection: RawConnection) { self.connection = connection }
    }

    @Test("a slow client holding a half-sent request does not stop others")
    func slowClient() async throws {
        let f = try await fixture()
        let slow = try SlowSocket(port: f.http.port)
        try slow.send("POST /v1/activities/\(f.created.id)/intents HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"cli")
        let pause = try await RawHTTP.send("POST", f.intents, json: #"{"client_id":"c","intent_id":"i","action":"pause"}"#, headers: f.auth)
        #expect(pause.status == 200)
        slow.close()
        try await f.http.stop()
    }
}
