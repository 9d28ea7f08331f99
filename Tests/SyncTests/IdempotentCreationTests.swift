import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// Creation with an `Idempotency-Key` (Protocol.md, ADR 0018): a creation retried after
/// its answer was lost gets the same activity back, never a second one; a key reused for
/// other attributes is refused with nothing created; a bad key is a 400.
@Suite("Idempotent creation", .servedFirst)
struct IdempotentCreationTests {
    static let key = "3f9c2a64-8d1e-4b7a-9c55-0e6f1d2b7a48"

    func create(_ base: String, name: String = "Evening", key: String? = IdempotentCreationTests.key, client: String = "cli")
        async throws -> RawHTTP.Reply
    {
        try await RawHTTP.send(
            "POST", "\(base)/v1/activities", json: #"{"name":"\#(name)","target_seconds":600,"client_id":"\#(client)"}"#,
            headers: key.map { [("Idempotency-Key", $0)] } ?? [])
    }

    func count(_ base: String) async throws -> Int {
        (try await RawHTTP.send("GET", "\(base)/v1/activities").json["activities"] as? [Any])?.count ?? -1
    }

    @Test("over HTTP, a creation whose answer is lost is retried with its key: one activity, the same id and token")
    func lostAnswer() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let proxy = try AnswerDroppingProxy(upstreamPort: http.port, drops: 1)
        defer { proxy.close() }
        let connection = HTTPSyncConnection(baseURL: proxy.baseURL)

        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "client-a",
            idempotencyKey: try IdempotencyKey(Self.key))

        // The first try made the activity and its answer was lost on the way back.
        #expect(proxy.dropped.count == 1)
        let lost = try #require(proxy.dropped.first)
        #expect(lost.hasPrefix("HTTP/1.1 201"))
        let lostBody = try #require(lost.components(separatedBy: "\r\n\r\n").last)
        let lostJSON = try #require(try JSONSerialization.jsonObject(with: Data(lostBody.utf8)) as? [String: Any])
        // The retry (same key) was answered 200 with that same activity.
        #expect(proxy.relayed == 1)
        #expect(created.isReplay)
        #expect(created.id == lostJSON["id"] as? String)
        #expect(created.token == lostJSON["token"] as? String)
        #expect(created.state == (try await harness.server.snapshot(of: created.id)))
        #expect(try await count(http.baseURL) == 1)
        #expect(try await harness.server.list().map(\.id) == [created.id])
        try await http.stop()
    }

    @Test("the same key answers 200, the same id and token, and the current state; other attributes are 422")
    func replayAndReuse() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let base = http.baseURL

        let first = try await create(base)
        #expect(first.status == 201)
        let id = try #require(first.json["id"] as? String)
        let token = try #require(first.json["token"] as? String)

        let again = try await create(base)
        #expect(again.status == 200)
        #expect(again.json["id"] as? String == id)
        #expect(again.json["token"] as? String == token)
        #expect(again.body == first.body)

        // A replay carries the activity as it is now, not as it was created.
        let paused = try await RawHTTP.send(
            "POST", "\(base)/v1/activities/\(id)/intents", json: #"{"client_id":"cli","intent_id":"p","action":"pause"}"#,
            headers: [("Authorization", "Bearer \(token)")])
        #expect(paused.status == 200)
        let later = try await create(base)
        #expect(later.status == 200)
        #expect((later.json["state"] as? [String: Any])?["version"] as? Int == 2)

        // The same key for another request: refused, nothing made.
        for reused in [try await create(base, name: "Morning"), try await create(base, client: "other")] {
            #expect(reused.status == 422)
            #expect(reused.json["error"] as? String == "idempotency_key_reused")
            #expect((reused.json["message"] as? String)?.contains("nothing was created") == true)
        }
        #expect(try await count(base) == 1)

        // Without a key, as before: every creation is a new activity.
        #expect(try await create(base, key: nil).status == 201)
        #expect(try await create(base, key: nil).status == 201)
        #expect(try await count(base) == 3)
        try await http.stop()
    }

    @Test("a key is a Structured Field string or bare text; a bad one is 400 naming the header, and nothing is made")
    func badKeys() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let base = http.baseURL
        #expect(try await create(base, key: "\"\(Self.key)\"").status == 201)
        #expect(try await create(base, key: Self.key).status == 200)

        let bad = [
            "", "short-key", String(repeating: "k", count: 129), "has space in the middle", "slash/es/are/not/allowed",
            "\"\(Self.key)",
        ]
        for key in bad {
            let reply = try await create(base, key: key)
            #expect(reply.status == 400, "\(key)")
            #expect((reply.json["message"] as? String)?.contains("'Idempotency-Key' must be 16 to 128 characters") == true, "\(key)")
        }
        let twice = try await RawHTTP.send(
            "POST", "\(base)/v1/activities", json: #"{"name":"Evening","target_seconds":600,"client_id":"cli"}"#,
            headers: [("Idempotency-Key", "aaaaaaaaaaaaaaaa-1"), ("Idempotency-Key", "aaaaaaaaaaaaaaaa-2")])
        #expect(twice.status == 400)
        #expect((twice.json["message"] as? String)?.contains("Send one 'Idempotency-Key' header") == true)
        // A body field is not how a key is sent.
        let field = try await RawHTTP.send(
            "POST", "\(base)/v1/activities",
            json: #"{"name":"Evening","target_seconds":600,"client_id":"cli","idempotency_key":"\#(Self.key)"}"#)
        #expect(field.status == 400)
        #expect(try await count(base) == 1)
        // Letters are ASCII ones: a key passes through any header, URL or JSON unchanged.
        #expect(throws: SyncError.self) { try IdempotencyKey("caf\u{E9}-caf\u{E9}-caf\u{E9}-caf\u{E9}") }
        #expect(try IdempotencyKey(String(repeating: "k", count: 128)).value.count == 128)
        try await http.stop()
    }

    @Test("creations with one key at once make one activity; each waits for it to be durable")
    func concurrent() async throws {
        let harness = try SyncHarness()
        let key = IdempotencyKey.random()
        let answers = try await withThrowingTaskGroup(of: CreatedActivity.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await harness.server.create(
                        SessionAttributesMother.makeAttributes(), clientID: "client-a", idempotencyKey: key)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.map(\.id)).count == 1)
        #expect(Set(answers.map(\.token)).count == 1)
        #expect(answers.filter { !$0.isReplay }.count == 1)
        #expect(try await harness.server.list().count == 1)
        #expect(harness.storage.records.count == 1)
    }

    @Test("a keyed creation that could not be saved is forgotten: its retry makes the activity, once")
    func failedCommit() async throws {
        let harness = try SyncHarness()
        let key = IdempotencyKey.random()
        harness.storage.failNextCommits(1)
        await #expect(throws: SyncError.self) {
            try await harness.server.create(SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
        }
        #expect(try await harness.server.list().isEmpty)
        let created = try await harness.server.create(SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
        #expect(!created.isReplay)
        let again = try await harness.server.create(SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
        #expect(again.isReplay)
        #expect(again.id == created.id)
        #expect(try await harness.server.list().count == 1)
    }

    @Test("the key is kept with the activity: a restarted server on the same records answers the retry")
    func restart() async throws {
        let harness = try SyncHarness()
        let key = IdempotencyKey.random()
        let created = try await harness.server.create(
            SessionAttributesMother.makeAttributes(), showSeconds: false, clientID: "a", idempotencyKey: key)
        await harness.server.shutdown()

        let restarted = try harness.restarted()
        let again = try await restarted.server.create(
            SessionAttributesMother.makeAttributes(), showSeconds: false, clientID: "a", idempotencyKey: key)
        #expect(again == CreatedActivity(id: created.id, token: created.token, state: created.state, isReplay: true))
        await #expect(throws: SyncError.idempotencyKeyReused) {
            try await restarted.server.create(
                SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "a", idempotencyKey: key)
        }
        #expect(try await restarted.server.list().count == 1)
    }

    @Test("a token sealed the legacy way answers its creation's retry, which writes it sealed the current way, once")
    func legacySealRewritten() async throws {
        let key = try KeptTokenMother.makeCreationKey()
        let id = KeptTokenMother.activityID
        let creation = StoredActivityMother.makeCreation(key: key)
        let snapshot = StoredActivityMother.makePushes(id: id)[0]
        let storage = PreviewSyncStorage(records: [
            SyncRecord(snapshot: snapshot, token: KeptTokenMother.makeLegacySealed(), answers: [], creation: creation)
        ])
        let harness = try SyncHarness(storage: storage)

        let retried = try await harness.server.create(
            creation.attributes, showSeconds: creation.showSeconds, clientID: creation.clientID, idempotencyKey: key)
        #expect(retried == CreatedActivity(id: id, token: KeptTokenMother.token, state: snapshot, isReplay: true))
        // Rewritten through the ordinary commit, changing nothing else.
        #expect(storage.commitCount == 1)
        let rewritten = try #require(try await storage.activity(id))
        #expect(!rewritten.token.isSealedTheLegacyWay && rewritten.token.sealed?.hasPrefix("aes-gcm:") == true)
        #expect(rewritten.token.digest == KeptTokenMother.tokenDigest && rewritten.token.plain == nil)
        #expect(rewritten.snapshot == snapshot && rewritten.creation == creation)
        #expect(rewritten.token.revealed(with: key, activityID: id) == KeptTokenMother.token)

        // The next retry unseals the new seal and writes nothing; the token opens the activity.
        let again = try await harness.server.create(
            creation.attributes, showSeconds: creation.showSeconds, clientID: creation.clientID, idempotencyKey: key)
        #expect(again == retried)
        #expect(storage.commitCount == 1)
        #expect(try await harness.server.snapshot(of: id, token: KeptTokenMother.token) == snapshot)
    }

    @Test("records keep their old JSON: a keyless one is written as before keys existed, and reads back")
    func storedShape() throws {
        let harness = try SyncHarness()
        let snapshot = ActivitySnapshot(
            id: "a", version: 1, timestamp: harness.clock.now(), event: .start,
            activity: try Transition.apply(.start(SessionAttributesMother.makeAttributes(), showSeconds: true), to: nil, at: harness.clock.now()))
        let keyless = SyncRecord(snapshot: snapshot, token: KeptToken("t", activityID: "a"), answers: [])
        let data = try JSONEncoder().encode(keyless)
        let fields = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(fields.keys) == ["snapshot", "token", "answers"])
        #expect(try JSONDecoder().decode(SyncRecord.self, from: data) == keyless)

        let key = try IdempotencyKey(Self.key)
        let creation = ActivityCreation(
            key: key, clientID: "a", attributes: SessionAttributesMother.makeAttributes(), showSeconds: true)
        let keyed = SyncRecord(
            snapshot: snapshot, token: try KeptToken("t", sealedWith: key, activityID: "a"), answers: [], creation: creation)
        let keyedData = try JSONEncoder().encode(keyed)
        let keyedFields = try #require(try JSONSerialization.jsonObject(with: keyedData) as? [String: Any])
        // The key unseals the token where only its digest is kept, so it is never written.
        let creationFields = try #require(keyedFields["creation"] as? [String: Any])
        #expect(creationFields["key"] == nil)
        #expect(creationFields["key_sha256"] as? String == key.digest)
        #expect(!String(decoding: keyedData, as: UTF8.self).contains(Self.key))
        // The sealed token comes back too: a record reads back equal, token and all.
        #expect(keyedFields["sealed_token"] as? String == keyed.token?.sealed)
        #expect(try JSONDecoder().decode(SyncRecord.self, from: keyedData) == keyed)
        #expect(SyncRecord.fold([keyed])["a"]?.checkpoint == keyed)

        // A record written before ADR 0023 kept the key itself: it reads as its digest.
        var legacyFields = keyedFields
        legacyFields["creation"] = creationFields.merging(["key": Self.key]) { $1 }.filter { $0.key != "key_sha256" }
        let legacy = try JSONSerialization.data(withJSONObject: legacyFields)
        #expect(try JSONDecoder().decode(SyncRecord.self, from: legacy).creation == creation)
    }
}
