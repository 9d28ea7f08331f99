import Sync

extension PostgresSyncStorage: SyncStorage {
    /// Makes a batch durable in one transaction, each write only if its condition holds
    /// (see ``commit(rows:)``); answers only once PostgreSQL has committed it. A throw
    /// means the transaction was rolled back, or may not have committed.
    public func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        let rows = batch.map { write in
            ActivityRow(
                expectedVersion: write.expectedVersion, activity: write.activity, changes: write.changes,
                answers: write.answers, deadline: write.activity.snapshot.nextRuleDeadline)
        }
        return try await commit(rows: rows).map { $0 ? .committed : .conflict }
    }
}
