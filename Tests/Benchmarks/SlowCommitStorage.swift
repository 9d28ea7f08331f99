import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import Synchronization

/// The server's JSON files, each commit answered `delay` later: a disk whose sync takes
/// that much longer, as a network volume's may, for the group commit's figures where the
/// commit, not the deciding, is the limit (ADR 0043).
final class SlowCommitStorage: IndexedSyncStorage, Sendable {
    private let base: JSONSyncStorage
    private let delay: Duration
    private let counts = Mutex<(batches: Int, answers: Int)>((0, 0))

    /// The JSON files in `folder`, their commits `delay` slower.
    init(folder: URL, delay: Duration) throws {
        base = try JSONSyncStorage(locations: StoreLocations(singleDirectory: folder))
        self.delay = delay
    }

    /// Releases the files' lock.
    func close() { base.close() }

    /// The answers per batch committed since the last call, and starts counting anew.
    func answersPerBatch() -> Double {
        counts.withLock { counts in
            defer { counts = (0, 0) }
            return Double(counts.answers) / Double(max(counts.batches, 1))
        }
    }

    func readIndex<Result: Sendable>(_ read: (ActivityIndex) -> Result) -> Result { base.readIndex(read) }

    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        let results = try await base.commit(batch)
        counts.withLock { $0 = ($0.batches + 1, $0.answers + batch.reduce(0) { $0 + $1.answers.count }) }
        try await Task.sleep(for: delay)
        return results
    }

    func changes() -> AsyncStream<ActivitySnapshot> { base.changes() }
}
