import Domain
import Fixtures
import Foundation
@testable import SyncAuthority
@testable import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// Many clients at once, random intents: the history the server gives must be one that a
/// single, ordered run of the rules would give.
@Suite("Sync history check", .servedFirst)
struct HistoryCheckTests {
    @Test("versions are gap-free and respect real time; replay reproduces every state; observers see them in order", arguments: Transport.allCases)
    func concurrentClients(transport: Transport) async throws {
        let harness = try SyncHarness()
        let connection = try await transport.connect(to: harness)
        var created: [CreatedActivity] = []
        for index in 0..<3 {
            created.append(try await connection.createActivity(
                SessionAttributesMother.makeAttributes(name: "Sit \(index)", plannedSeconds: 3_600), showSeconds: true,
                clientID: "creator", idempotencyKey: nil))
        }

        // Observers follow each activity's events and note every state they take.
        let observers = created.map { _ in ActivityObserver() }
        let seen = Locked<[String: [UInt64]]>([:])
        var background: [Task<Void, any Error>] = []
        for (activity, observer) in zip(created, observers) {
            let stream = try await connection.events(of: activity.id, token: activity.token, after: nil)
            let updates = await observer.contentUpdates()
            background.append(Task { try await observer.follow(stream) })
            background.append(Task {
                for await snapshot in updates { seen.withLock { $0[activity.id, default: []].append(snapshot.version) } }
            })
        }
        defer { background.forEach { $0.cancel() } }

        let run = try await HistoryLoad.run(
            clients: 8, steps: 25, on: created, through: { _ in connection }, advanceClock: { [clock = harness.clock] in clock.advance(by: 7) })

        let records = harness.storage.records
        let byKey = run.intents
        var changedAt: [IntentKey: UInt64] = [:]
        for activity in created {
            let changes = records.filter { $0.snapshot.id == activity.id }

            // Gap-free: the versions that appear run from 1 up with no hole.
            let distinct = changes.map(\.snapshot.version).reduce(into: [UInt64]()) { if $0.last != $1 { $0.append($1) } }
            #expect(distinct == Array(1...(distinct.last ?? 0)))

            // Replay: the accepted intents and clock rules, in version order, through Domain
            // alone; each new state's record carries the answer of the intent that made it.
            var steps: [HistoryCheck.Step<IntentKey>] = []
            for record in changes where record.snapshot.version > (steps.last?.version ?? 0) {
                let snapshot = record.snapshot
                let madeBy = record.answers.first.flatMap { answer in
                    byKey[answer.key].map { (key: answer.key, intent: $0) }
                }
                let step = HistoryCheck.Step(
                    version: snapshot.version, timestamp: snapshot.timestamp, activity: snapshot.activity,
                    madeBy: steps.isEmpty ? nil : madeBy)
                if let key = step.madeBy?.key { changedAt[key] = snapshot.version }
                steps.append(step)
            }
            #expect(try HistoryCheck.unreplayed(steps) == [], "these versions do not replay")
        }
        #expect(changedAt.count > 20, "too few intents changed anything to check much")

        // Real time: a change answered before another intent was sent has a lower version.
        #expect(HistoryCheck.realTimeViolations(run.calls, changedAt: changedAt).isEmpty)

        // Observers: strictly increasing versions, ending at the final state.
        for (index, activity) in created.enumerated() {
            let final = try await connection.activity(id: activity.id)
            try await eventually { await observers[index].current == final }
            let versions = seen.value[activity.id] ?? []
            #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
