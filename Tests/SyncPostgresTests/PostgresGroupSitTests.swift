import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// A group sit across three servers sharing one real PostgreSQL (ADR 0072): its followers
/// follow through any of them, the leader's changes reach them all through the change feed,
/// and a code revoked through one is closed on every one. The database keeps the code's
/// digest (and, for a keyed creation, its seal), never the code.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresGroupSitTests {
    @Test("followers on three servers get the leader's pushes; the revocation through one closes the code on all; the database keeps no code")
    func threeServers() async throws {
        let url = try PostgresScope.freshDatabase()
        let database = PostgresScope.databaseName(of: url)
        var storages: [PostgresSyncStorage] = []
        for _ in 0..<3 { storages.append(try await openStorage(url)) }
        let clock = PreviewClock()
        let servers = storages.map { SyncServer(storage: $0, clock: clock) }
        try await servers[0].running {
            try await servers[1].running {
                try await servers[2].running {
                    let key = try IdempotencyKey("group-sit-key-0123")
                    let sit = try await servers[0].create(
                        SessionAttributesMother.makeGroupSit(), clientID: "leader", idempotencyKey: key)
                    let code = try #require(sit.followCode)
                    let rows = try PostgresScope.current().psql("SELECT state::text FROM activities", database: database)
                    #expect(rows.contains(sit.id) && !rows.contains(code) && rows.contains("follow_code_sha256"))

                    let followers = [try await servers[1].follow(sit.id, code: code), try await servers[2].follow(sit.id, code: code)]
                    clock.advance(by: 30)
                    _ = try await servers[0].send(
                        try IntentRequest(clientID: "leader", intentID: "1", intent: .pause), to: sit.id, token: sit.token)
                    _ = try await servers[0].send(
                        try IntentRequest(clientID: "leader", intentID: "2", intent: .revokeCode), to: sit.id, token: sit.token)
                    for stream in followers {
                        // The start, the pause and the revocation, then the stream's end.
                        let seen = try await first(4, of: stream)
                        #expect(seen.map(\.version) == [1, 2, 3], "\(seen.map(\.version))")
                        #expect(seen.last?.activity.lifecycle.codeRevokedAt != nil)
                    }
                    for server in servers {
                        await #expect(throws: SyncError.channelClosed(revoked: true)) { try await server.follow(sit.id, code: code) }
                    }
                    // A retried creation through another server answers the code again, unsealed by its key.
                    let retried = try await servers[2].create(
                        SessionAttributesMother.makeGroupSit(), clientID: "leader", idempotencyKey: key)
                    #expect(retried.isReplay && retried.followCode == code)
                }
            }
        }
        for storage in storages { await storage.close() }
    }
}
