import Domain
import Fixtures
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TestSupport
import Testing

/// What every storage promises (Sync's `SyncStorage`), on a real PostgreSQL: an activity
/// reads back as written, a write applies only at the version it expects, a creation only
/// when its id and key are free, and each ended session enters the history once.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresStorageContractTests {
    @Test func aCreationReadsBackEqual() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let key = try IdempotencyKey("creation-key-0001")
            let activity = StoredActivityMother.makeStoredActivity(
                owner: "key-anna", creation: StoredActivityMother.makeCreation(key: key))
            #expect(try await write(storage, expecting: nil, activity, changes: [activity.snapshot]))
            #expect(try await storage.activity("activity-1") == activity.sharedForm)
            #expect(try await storage.activity(createdWith: key) == activity.sharedForm)
            #expect(try await storage.activities(ownedBy: nil) == [activity.sharedForm])
            #expect(try await storage.activities(ownedBy: "key-anna") == [activity.sharedForm])
            #expect(try await storage.activities(ownedBy: "key-bo") == [])
            #expect(try await storage.activity("activity-2") == nil)
        }
    }

    @Test func aWriteAtTheVersionItReadCommits() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let answer = StoredAnswer(key: IntentKey(clientID: "client-1", intentID: "i-1"), outcome: .applied(pushes[1]))
            let next = try await writeSecondVersion(on: storage, giving: [answer])
            #expect(try await storage.activity("activity-1") == next.sharedForm)
        }
    }

    @Test func aStaleWriteIsAConflictAndChangesNothing() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let next = try await writeSecondVersion(on: storage, giving: [])
            // Another server read version 1 too, and decided otherwise.
            var stale = StoredActivityMother.makeStoredActivity()
            stale.remember(StoredAnswer(key: IntentKey(clientID: "client-2", intentID: "i-9"), outcome: .applied(pushes[0])))
            #expect(try await !write(storage, expecting: 1, stale, changes: []))
            #expect(try await storage.activity("activity-1") == next.sharedForm)
        }
    }

    @Test func aCreationWhoseIdOrKeyIsTakenIsAConflict() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let key = try IdempotencyKey("creation-key-0002")
            let first = StoredActivityMother.makeStoredActivity(creation: StoredActivityMother.makeCreation(key: key))
            #expect(try await write(storage, expecting: nil, first, changes: [first.snapshot]))
            let sameKey = StoredActivityMother.makeStoredActivity(
                id: "activity-2", creation: StoredActivityMother.makeCreation(key: key))
            let sameID = StoredActivityMother.makeStoredActivity(owner: "key-bo")
            #expect(try await commit(storage, [(nil, sameKey, [sameKey.snapshot]), (nil, sameID, [sameID.snapshot])]) == [false, false])
            #expect(try await storage.activities(ownedBy: nil) == [first.sharedForm])
        }
    }

    @Test func aBatchAppliesEachWriteThatHolds() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let one = StoredActivityMother.makeStoredActivity(id: "activity-1")
            let two = StoredActivityMother.makeStoredActivity(id: "activity-2")
            #expect(try await write(storage, expecting: nil, one, changes: [one.snapshot]))
            let results = try await commit(storage, [(nil, one, [one.snapshot]), (nil, two, [two.snapshot])])
            #expect(results == [false, true])
            #expect(try await storage.activities(ownedBy: nil).map(\.snapshot.id) == ["activity-1", "activity-2"])
        }
    }

    @Test func liveCountCountsWhatHasNotEnded() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes(id: "activity-1")
            let one = StoredActivityMother.makeStoredActivity(id: "activity-1", owner: "key-anna")
            let two = StoredActivityMother.makeStoredActivity(id: "activity-2", owner: "key-anna")
            _ = try await commit(storage, [(nil, one, [one.snapshot]), (nil, two, [two.snapshot])])
            #expect(try await storage.liveCount(ownedBy: "key-anna") == 2)
            var ended = one
            ended.snapshot = pushes[pushes.count - 1]
            #expect(try await write(storage, expecting: 1, ended, changes: Array(pushes[1...])))
            #expect(try await storage.liveCount(ownedBy: "key-anna") == 1)
            #expect(try await storage.liveCount(ownedBy: "key-bo") == 0)
        }
    }

    @Test func anEndEntersTheHistoryOnce() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let pushes = StoredActivityMother.makePushes()
            let end = try #require(pushes.last)
            #expect(end.event == .end)
            var activity = StoredActivityMother.makeStoredActivity()
            #expect(try await write(storage, expecting: nil, activity, changes: [pushes[0]]))
            activity.snapshot = end
            #expect(try await write(storage, expecting: 1, activity, changes: Array(pushes[1...])))
            // The same end written again (a replay of its change, or a checkpoint).
            #expect(try await write(storage, expecting: end.version, activity, changes: [end]))
            #expect(try await storage.history() == [end])
        }
    }

    @Test func concurrentWritesAtOneVersionFromTwoServersCommitOnce() async throws {
        let url = try PostgresScope.freshDatabase()
        let pushes = StoredActivityMother.makePushes()
        let created = StoredActivityMother.makeStoredActivity()
        try await withStorage(url) { first async throws in
            try await withStorage(url) { second async throws in
                #expect(try await write(first, expecting: nil, created, changes: [pushes[0]]))
                for round in 0..<10 {
                    var next = created
                    next.snapshot = pushes[1]
                    next.remember(StoredAnswer(
                        key: IntentKey(clientID: "client-\(round)", intentID: "i"), outcome: .applied(pushes[1])))
                    let write2 = next
                    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                        for storage in [first, second, first, second] {
                            group.addTask { try await write(storage, expecting: 1, write2, changes: [pushes[1]]) }
                        }
                        return try await group.reduce(into: [Bool]()) { $0.append($1) }
                    }
                    #expect(results.filter { $0 }.count == 1)
                    // Back to version 1 for the next round, behind the storages' backs.
                    let reset = try await write(first, expecting: 2, created, changes: [])
                    #expect(reset)
                }
            }
        }
    }
}
