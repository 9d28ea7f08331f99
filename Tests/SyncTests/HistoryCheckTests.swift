import Domain
import Fixtures
import Foundation
@testable import Sync
import TestSupport
import Testing

/// Many clients at once, random intents: the history the server gives must be one that a
/// single, ordered run of the rules would give.
@Suite("Sync history check")
struct HistoryCheckTests {
    typealias Call = HistoryCheck.Call<IntentKey>

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

        let activities = created
        let logicalClock = Locked(0)
        let calls = Locked<[Call]>([])
        let intentsByKey = Locked<[IntentKey: Intent]>([:])
        let intents: [Intent] = [.pause, .resume, .adjustTarget(bySeconds: 60), .adjustTarget(bySeconds: -30), .pause, .resume]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(client))
                    for step in 0..<25 {
                        let activity = activities[Int(random.next() % UInt64(activities.count))]
                        let intent = intents[Int(random.next() % UInt64(intents.count))]
                        let key = IntentKey(clientID: "client-\(client)", intentID: "\(step)")
                        intentsByKey.withLock { $0[key] = intent }
                        let sentAt = logicalClock.withLock { $0 += 1; return $0 }
                        do {
                            _ = try await connection.send(
                                try IntentRequest(clientID: key.clientID, intentID: key.intentID, intent: intent),
                                to: activity.id, token: activity.token)
                        } catch SyncError.refused {
                            // The rules may refuse (a target moved below the time sat): fine.
                        }
                        let answeredAt = logicalClock.withLock { $0 += 1; return $0 }
                        calls.withLock { $0.append(Call(key: key, activityID: activity.id, sentAt: sentAt, answeredAt: answeredAt)) }
                        if random.next() % 4 == 0 { harness.clock.advance(by: 7) }
                    }
                }
            }
            try await group.waitForAll()
        }

        let records = harness.storage.records
        let byKey = intentsByKey.value
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
        #expect(HistoryCheck.realTimeViolations(calls.value, changedAt: changedAt).isEmpty)

        // Observers: strictly increasing versions, ending at the final state.
        for (index, activity) in created.enumerated() {
            let final = try await connection.activity(id: activity.id)
            for _ in 0..<400 where await observers[index].current != final { try await Task.sleep(for: .milliseconds(5)) }
            #expect(await observers[index].current == final)
            let versions = seen.value[activity.id] ?? []
            #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
