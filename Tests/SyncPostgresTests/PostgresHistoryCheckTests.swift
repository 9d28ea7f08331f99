import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncPostgres
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// The Sync suite's history check (`HistoryCheckTests`) on three servers sharing one
/// PostgreSQL database: many clients at once, each sending random intents through one of
/// the three. The history the servers give together must be one that a single, ordered run
/// of the rules would give: gap-free versions, every version replayed through Domain alone
/// from the intent that made it, real-time order kept, observers on every server in order.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresHistoryCheckTests {
    @Test("three servers on one database give one linearizable history")
    func threeServers() async throws {
        let url = try PostgresScope.freshDatabase()
        let clock = PreviewClock()
        var storages: [PostgresSyncStorage] = []
        for _ in 0..<3 { storages.append(try await openStorage(url)) }
        let servers = storages.map { SyncServer(storage: $0, clock: clock) }
        // The servers hear one another's changes (the feed) while they run.
        try await withThrowingDiscardingTaskGroup { group in
            for server in servers { group.addTask { await server.run() } }
            let connections: [any SyncConnection] = servers.map { InProcessConnection(server: $0) }
            var created: [CreatedActivity] = []
            for index in 0..<3 {
                created.append(try await connections[index].createActivity(
                    SessionAttributesMother.makeAttributes(name: "Sit \(index)", plannedSeconds: 3_600), showSeconds: true,
                    clientID: "creator", idempotencyKey: nil))
            }

            // An observer per activity, on a server other than the one that made it.
            let observers = created.map { _ in ActivityObserver() }
            let seen = Locked<[String: [UInt64]]>([:])
            var background: [Task<Void, any Error>] = []
            for (index, (activity, observer)) in zip(created, observers).enumerated() {
                let connection = connections[(index + 1) % 3]
                let updates = await observer.contentUpdates()
                background.append(Task { try await observer.follow(connection, id: activity.id, token: activity.token) })
                background.append(Task {
                    for await snapshot in updates { seen.withLock { $0[activity.id, default: []].append(snapshot.version) } }
                })
            }
            defer { background.forEach { $0.cancel() } }

            let run = try await HistoryLoad.run(
                clients: 6, steps: 15, on: created, through: { [connections] in connections[$0 % 3] },
                advanceClock: { clock.advance(by: 7) })

            let postgres = try PostgresScope.current()
            let database = PostgresScope.databaseName(of: url)
            let byKey = run.intents
            var changedAt: [IntentKey: UInt64] = [:]
            for activity in created {
                // Every committed version, from the change log every server reads.
                let lines = try postgres.psql(
                    "SELECT snapshot FROM activity_changes WHERE activity_id = '\(activity.id)' ORDER BY seq", database: database)
                let changes = try lines.split(separator: "\n").map {
                    try JSONDecoder().decode(ActivitySnapshot.self, from: Data($0.utf8))
                }
                #expect(changes.map(\.version) == Array(1...UInt64(changes.count)), "versions are not gap-free")

                // Which intent made which version: the answers the activity remembers (each
                // client sent fewer than the 16 remembered per client).
                let stored = try #require(try await storages[0].activity(activity.id))
                var madeBy: [UInt64: IntentKey] = [:]
                for answer in stored.answers {
                    if case .applied(let snapshot) = answer.outcome, changes.contains(snapshot), madeBy[snapshot.version] == nil,
                        snapshot.version > 1
                    {
                        madeBy[snapshot.version] = answer.key
                    }
                }
                // Replay through Domain alone, in version order.
                let steps = changes.enumerated().map { index, snapshot in
                    let madeBy = madeBy[snapshot.version].flatMap { key in byKey[key].map { (key: key, intent: $0) } }
                    return HistoryCheck.Step(
                        version: snapshot.version, timestamp: snapshot.timestamp, activity: snapshot.activity,
                        madeBy: index == 0 ? nil : madeBy)
                }
                for step in steps { if let key = step.madeBy?.key { changedAt[key] = step.version } }
                #expect(try HistoryCheck.unreplayed(steps) == [], "these versions do not replay")
            }
            #expect(changedAt.count > 15, "too few intents changed anything to check much")

            // Real time: a change answered before another intent was sent has a lower version.
            #expect(HistoryCheck.realTimeViolations(run.calls, changedAt: changedAt).isEmpty)

            // Observers, each on another server than the one that made its activity: strictly
            // increasing versions, ending at the final state.
            for (index, activity) in created.enumerated() {
                let final = try await connections[index].activity(id: activity.id)
                try await eventually { await observers[index].current == final }
                let versions = seen.value[activity.id] ?? []
                #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 })
            }
            for server in servers { await server.shutdown() }
        }
        for storage in storages { await storage.close() }
    }
}
