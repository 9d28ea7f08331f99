import Domain
import Fixtures
import SyncProtocol
import TestSupport

/// The load of the history check (``TestSupport/HistoryCheck``): clients at once, each
/// sending random intents to random activities, with the clock moved now and then. The
/// Sync suite runs it on one server, the PostgreSQL suite on three sharing a database.
public enum HistoryLoad {
    /// The intents the clients choose from: each can be refused in some state, so the run
    /// meets refusals as well as changes.
    static let intents: [Intent] = [
        .pause, .resume, .adjustTarget(bySeconds: 60), .adjustTarget(bySeconds: -30), .pause, .resume,
    ]

    /// What the clients did: each call, sent and answered on one logical clock, and the
    /// intent of each key.
    public struct Run: Sendable {
        public let calls: [HistoryCheck.Call<IntentKey>]
        public let intents: [IntentKey: Intent]
    }

    /// Runs `clients` clients of `steps` intents each on `activities`. Client `n` sends
    /// through `connection(n)` and chooses by a generator seeded with `n`; after about
    /// one intent in four, it calls `advanceClock`. A refusal by the rules is part of the
    /// run; any other error ends it.
    public static func run(
        clients: Int, steps: Int, on activities: [CreatedActivity],
        through connection: @escaping @Sendable (Int) -> any SyncConnection,
        advanceClock: @escaping @Sendable () -> Void
    ) async throws -> Run {
        let logicalClock = Locked(0)
        let calls = Locked<[HistoryCheck.Call<IntentKey>]>([])
        let intentsByKey = Locked<[IntentKey: Intent]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                let connection = connection(client)
                group.addTask {
                    var random = SeededGenerator(seed: UInt64(client))
                    for step in 0..<steps {
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
                        calls.withLock {
                            $0.append(.init(key: key, activityID: activity.id, sentAt: sentAt, answeredAt: answeredAt))
                        }
                        if random.next() % 4 == 0 { advanceClock() }
                    }
                }
            }
            try await group.waitForAll()
        }
        return Run(calls: calls.value, intents: intentsByKey.value)
    }
}
