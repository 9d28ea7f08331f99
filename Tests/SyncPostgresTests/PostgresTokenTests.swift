import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// The tokens on a shared store (schema version 4, ADR 0023; sealed as version 5 and ADR
/// 0024 say): the database keeps each token's digest, and for a keyed creation the token
/// sealed with the creation's key, whose digest alone it keeps. The token still opens its
/// activity through any server, a retried creation still gets it back, a version-3
/// database is rewritten so, and a version-4 seal is rewritten by its creation's retry.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresTokenTests {
    static let key = "retry-key-0123456789"

    /// Every text column of every activity row, as one text: what someone who reads the
    /// database sees.
    static func rows(of database: String, on server: PostgresServer) throws -> String {
        try server.psql("SELECT id, coalesce(creation_key, ''), state::text FROM activities", database: database)
    }

    @Test("the database keeps neither a token nor a creation key, and the token still opens the activity on any server")
    func noTokenInTheDatabase() async throws {
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        let first = try await openStorage(url)
        let second = try await openStorage(url)
        let clock = PreviewClock()
        let servers = [SyncServer(storage: first, clock: clock), SyncServer(storage: second, clock: clock)]
        let key = try IdempotencyKey(Self.key)
        let keyed = try await servers[0].create(
            SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
        let unkeyed = try await servers[0].create(SessionAttributesMother.makeAttributes(), clientID: "a")

        let rows = try Self.rows(of: database, on: try PostgresScope.current())
        #expect(rows.contains(keyed.id) && rows.contains(unkeyed.id))
        #expect(!rows.contains(keyed.token))
        #expect(!rows.contains(unkeyed.token))
        #expect(!rows.contains(Self.key))
        #expect(rows.contains(key.digest))

        // The other server opens it with the token, and refuses any other.
        let paused = try await servers[1].send(
            try IntentRequest(clientID: "a", intentID: "1", intent: .pause), to: keyed.id, token: keyed.token)
        #expect(paused.version == 2)
        await #expect(throws: SyncError.wrongToken) {
            try await servers[1].snapshot(of: unkeyed.id, token: keyed.token)
        }
        // A retried creation, through the other server, gets the token back: unsealed by its key.
        let retried = try await servers[1].create(
            SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
        #expect(retried.isReplay && retried.id == keyed.id && retried.token == keyed.token)

        for server in servers { await server.shutdown() }
        await first.close()
        await second.close()
    }

    @Test("version 4 rewrites a version-3 row: its token and key become digests, and both still work")
    func version4HashesTokensAndKeys() async throws {
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        let server = try PostgresScope.current()
        let key = try IdempotencyKey(Self.key)
        let created = try await withStorage(url) { storage async throws in
            let syncServer = SyncServer(storage: storage, clock: PreviewClock())
            let created = try await syncServer.create(
                SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
            await syncServer.shutdown()
            return created
        }
        // Back to version 3, which kept the token and the key themselves.
        let state = try server.psql("SELECT state::text FROM activities", database: database)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var record = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        record["token"] = created.token
        record["token_sha256"] = nil
        record["sealed_token"] = nil
        var creation = try #require(record["creation"] as? [String: Any])
        creation["key"] = Self.key
        creation["key_sha256"] = nil
        record["creation"] = creation
        let legacy = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        #expect(!legacy.contains("'"))
        try server.psql(
            "DROP TABLE sit_presence; UPDATE moments_schema SET version = 3; UPDATE activities SET state = '\(legacy)'::jsonb, creation_key = '\(Self.key)'",
            database: database)
        #expect(try Self.rows(of: database, on: server).contains(created.token))

        try await withStorage(url) { storage async throws in
            let syncServer = SyncServer(storage: storage, clock: PreviewClock())
            let rows = try Self.rows(of: database, on: server)
            #expect(!rows.contains(created.token) && !rows.contains(Self.key))
            #expect(try await syncServer.snapshot(of: created.id, token: created.token).version == 1)
            let retried = try await syncServer.create(
                SessionAttributesMother.makeAttributes(), clientID: "a", idempotencyKey: key)
            #expect(retried.isReplay && retried.id == created.id && retried.token == created.token)
            await syncServer.shutdown()
        }
        #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
    }

    @Test("version 5 reads a version-4 row sealed the old way: the creation's retry gets its token and rewrites the seal")
    func version5RewritesLegacySealsOnRetry() async throws {
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        let server = try PostgresScope.current()
        let key = try KeptTokenMother.makeCreationKey()
        let attributes = SessionAttributesMother.makeAttributes()
        // Under the id and token the mother's legacy seal was made for.
        let created = try await withStorage(url) { storage async throws in
            let syncServer = SyncServer(
                storage: storage, clock: PreviewClock(), makeToken: { KeptTokenMother.token },
                makeID: { KeptTokenMother.activityID })
            let created = try await syncServer.create(attributes, clientID: "a", idempotencyKey: key)
            await syncServer.shutdown()
            return created
        }
        #expect(created.id == KeptTokenMother.activityID && created.token == KeptTokenMother.token)
        func column(_ expression: String) throws -> String {
            try server.psql("SELECT \(expression) FROM activities", database: database)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Back to version 4, whose seal was an XOR keystream: the row as that version wrote it.
        try server.psql(
            "DROP TABLE sit_presence; UPDATE moments_schema SET version = 4; "
                + "UPDATE activities SET state = jsonb_set(state, '{sealed_token}', '\"\(KeptTokenMother.legacySealed)\"')",
            database: database)
        #expect(try column("state->>'sealed_token'") == KeptTokenMother.legacySealed)
        #expect(try column("state->>'token_sha256'") == KeptTokenMother.tokenDigest)

        try await withStorage(url) { storage async throws in
            // Opening migrates to version 5 and leaves the seal: only the key opens it.
            #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
            #expect(try column("state->>'sealed_token'") == KeptTokenMother.legacySealed)
            let syncServer = SyncServer(storage: storage, clock: PreviewClock())
            let retried = try await syncServer.create(attributes, clientID: "a", idempotencyKey: key)
            #expect(retried == CreatedActivity(id: created.id, token: created.token, state: created.state, isReplay: true))
            await syncServer.shutdown()
        }
        // Rewritten in the new form, and nothing else: the same version, digest and change log.
        let rewritten = try column("state->>'sealed_token'")
        #expect(rewritten.hasPrefix("aes-gcm:") && rewritten != KeptTokenMother.legacySealed)
        #expect(!(try Self.rows(of: database, on: server)).contains(created.token))
        #expect(try column("version") == "1")
        #expect(try column("state->>'token_sha256'") == KeptTokenMother.tokenDigest)
        #expect(try server.psql("SELECT count(*) FROM activity_changes", database: database) == "1\n")

        // Another server reads the new seal: its retry gets the token and rewrites nothing.
        try await withStorage(url) { storage async throws in
            let syncServer = SyncServer(storage: storage, clock: PreviewClock())
            let retried = try await syncServer.create(attributes, clientID: "a", idempotencyKey: key)
            #expect(retried.isReplay && retried.id == created.id && retried.token == created.token)
            #expect(try await syncServer.snapshot(of: created.id, token: created.token) == created.state)
            await syncServer.shutdown()
        }
        #expect(try column("state->>'sealed_token'") == rewritten)
    }
}
