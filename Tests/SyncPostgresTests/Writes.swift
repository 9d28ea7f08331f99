import Sync
import SyncPostgres

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
