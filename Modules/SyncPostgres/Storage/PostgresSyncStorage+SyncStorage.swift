import SyncAuthority

extension PostgresSyncStorage: SyncStorage {
    /// Makes a batch durable in one transaction, each write only if its condition holds
    /// (see `commit(rows:)`); answers only once PostgreSQL has committed it. A throw
    /// means the transaction was rolled back, or may not have committed.
    public func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        let rows = batch.map { write in
            ActivityRow(
                expectedVersion: write.expectedVersion, activity: write.activity, changes: write.changes,
                answers: write.answers, deadline: write.activity.snapshot.nextRuleDeadline)
        }
        let applied: [Bool]
        do throws(PostgresStorageError) {
            applied = try await commit(rows: rows)
        } catch {
            if case .unconfirmed(let reason) = error {
                throw UnconfirmedCommit(reason: "PostgreSQL stopped answering during the commit: \(reason)")
            }
            throw error
        }
        return applied.map { $0 ? .committed : .conflict }
    }
}
