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
        try await onThreeServers { servers, storages, clock, database in
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
                // The start, the counts of who sits (ADR 0073), the pause and the
                // revocation, in order, then the stream's end.
                let seen = try await first(.max, of: stream)
                let versions = seen.map(\.version)
                #expect(versions.first == 1 && versions == versions.sorted() && Set(versions).count == versions.count, "\(versions)")
                #expect(seen.contains { $0.activity.content.isPaused })
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

    @Test("presence is counted across three servers: a person following through two counts once, and a server gone drops out within its record's lifetime")
    func presence() async throws {
        try await onThreeServers { servers, storages, clock, database in
            /// Every server's state of `id` once each has counted `sitting` (the clock moving a
            /// second between tries, as counts come at most once a second).
            func counted(_ id: String, sitting: Int, on servers: [SyncServer], clock: PreviewClock) async throws {
                try await eventually {
                    for server in servers { await server.tick() }
                    var counts: [Int] = []
                    for server in servers { counts.append((try? await server.snapshot(of: id))?.activity.content.sitting ?? -1) }
                    guard counts.allSatisfy({ $0 == sitting }) else {
                        clock.advance(by: 1)
                        return false
                    }
                    return true
                }
            }
            let sit = try await servers[0].create(SessionAttributesMother.makeGroupSit())
            let code = try #require(sit.followCode)
            let ana = try #require(Sitter("ana")), ben = try #require(Sitter("ben"))
            let streams = [
                try await servers[1].follow(sit.id, code: code, as: ana),
                try await servers[2].follow(sit.id, code: code, as: ana),
                try await servers[2].follow(sit.id, code: code, as: ben),
                try await servers[0].follow(sit.id, code: code, as: Sitter("carl")),
            ]
            // The leader, Ana (once, through two servers), Ben and Carl.
            try await counted(sit.id, sitting: 4, on: servers, clock: clock)
            // A server that stopped without a word leaves its record behind: Dora
            // counts while it is fresh, then drops out.
            _ = try await storages[0].count(["dora"], following: sit.id, through: UUID(), at: clock.now())
            _ = try await servers[1].follow(sit.id, code: code, as: ana)
            try await counted(sit.id, sitting: 5, on: servers, clock: clock)
            try await counted(sit.id, sitting: 4, on: servers, clock: clock)
            let state = try await servers[0].snapshot(of: sit.id)
            #expect(state.activity.content.mostSitting == 5)
            withExtendedLifetime(streams) {}
        }
    }

    @Test("a scheduled sit on three servers begins once, at its instant, for followers on every server")
    func scheduledStart() async throws {
        try await onThreeServers { servers, storages, clock, database in
            let startsAt = Instant.canonical(clock.now().addingTimeInterval(120))
            let sit = try await servers[0].create(SessionAttributesMother.makeScheduled(startsAt: startsAt))
            let code = try #require(sit.followCode)
            let followers = [try await servers[1].follow(sit.id, code: code), try await servers[2].follow(sit.id, code: code)]
            clock.advance(by: 120)
            for server in servers { await server.tick() }
            var versions: Set<UInt64> = []
            for stream in followers {
                var begun: ActivitySnapshot?
                for await snapshot in stream where snapshot.activity.content.isRunning {
                    begun = snapshot
                    break
                }
                #expect(begun?.activity.content.measuredAt == startsAt && begun?.activity.lifecycle.startedAt == startsAt)
                if let begun { versions.insert(begun.version) }
            }
            // Begun once: one version says so on every server, whichever server's clock rule wrote it.
            #expect(versions.count == 1, "\(versions)")
            let now = try await servers[2].snapshot(of: sit.id)
            #expect(now.activity.content.isRunning && now.activity.lifecycle.startedAt == startsAt)
        }
    }

    /// Three servers on one fresh database, on one preview clock, each running while `body`
    /// runs (its change feed and clock rules, as under `moments serve`); then every storage
    /// is closed, whatever happens.
    func onThreeServers(
        _ body: ([SyncServer], [PostgresSyncStorage], PreviewClock, String) async throws -> Void
    ) async throws {
        let url = try PostgresScope.freshDatabase()
        var storages: [PostgresSyncStorage] = []
        for _ in 0..<3 { storages.append(try await openStorage(url)) }
        let clock = PreviewClock()
        let servers = storages.map { SyncServer(storage: $0, clock: clock) }
        do {
            try await servers[0].running {
                try await servers[1].running {
                    try await servers[2].running { try await body(servers, storages, clock, PostgresScope.databaseName(of: url)) }
                }
            }
        } catch {
            for storage in storages { await storage.close() }
            throw error
        }
        for storage in storages { await storage.close() }
    }
}
