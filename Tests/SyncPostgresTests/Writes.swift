import Fixtures
import SyncAuthority
import SyncPostgres
import SyncProtocol
import Testing

/// One write through the storage's `commit`, as a server makes it: answers whether it was
/// committed.
func write(
    _ storage: PostgresSyncStorage, expecting expectedVersion: UInt64?, _ activity: StoredActivity,
    changes: [ActivitySnapshot], answers: [StoredAnswer] = []
) async throws -> Bool {
    try await storage.commit([SyncWrite(expectedVersion: expectedVersion, activity: activity, changes: changes, answers: answers)])
        == [.committed]
}

/// A batch of writes through the storage's `commit`; answers, for each, whether it was
/// committed.
func commit(
    _ storage: PostgresSyncStorage,
    _ batch: [(expectedVersion: UInt64?, activity: StoredActivity, changes: [ActivitySnapshot])]
) async throws -> [Bool] {
    try await storage.commit(batch.map { SyncWrite(expectedVersion: $0.expectedVersion, activity: $0.activity, changes: $0.changes, answers: []) })
        .map { $0 == .committed }
}

/// The mother activity at version 2, written after its creation, giving `answers`.
func writeSecondVersion(on storage: PostgresSyncStorage, giving answers: [StoredAnswer]) async throws -> StoredActivity {
    let pushes = StoredActivityMother.makePushes()
    let created = StoredActivityMother.makeStoredActivity()
    #expect(try await write(storage, expecting: nil, created, changes: [pushes[0]]))
    var next = created
    next.snapshot = pushes[1]
    for answer in answers { next.remember(answer) }
    #expect(try await write(storage, expecting: 1, next, changes: [pushes[1]], answers: answers))
    return next
}
