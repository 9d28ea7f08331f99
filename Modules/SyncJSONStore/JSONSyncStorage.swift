import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence
import SyncAuthority
import SyncProtocol
import Synchronization

/// Sync's storage on Persistence's durable JSON files: the embedded default's backend, in
/// a module of its own so that neither Sync nor Persistence knows the other (the shared
/// store on PostgreSQL is the module beside it).
///
/// Each activity is one document of the `server-state` collection, keyed by its id: the
/// checkpoint of its state, token and remembered answers (`StoredActivity.checkpoint`).
/// A batch of the server's writes is written as one transaction, with one sync, however
/// many intents it holds. The folder's lock makes this process its only writer, so its
/// memory answers every read and no write ever meets a conflict from elsewhere; the
/// conditions are checked all the same, as the protocol asks.
public final class JSONSyncStorage: IndexedSyncStorage {
    /// The schema of the documents: a `SyncRecord` checkpoint per activity.
    ///
    /// Version 2 keeps a keyed creation's key as its digest (`key_sha256`, ADR 0023). The
    /// step from version 1 leaves the JSON as it is: Sync reads version 1's plain `key` as
    /// its digest, and the next compaction writes it so. The bump keeps a program of
    /// version 1 from reading (and setting aside as damaged) what it cannot understand.
    public static let schema = DocumentSchema<SyncRecord>(
        name: "little-moments/sync-activity", version: 2, migrations: [SchemaMigration(fromVersion: 1) { $0 }])

    /// The collection behind it, for its issues and paths.
    public let collection: DocumentCollection<SyncRecord>
    private let index: Mutex<ActivityIndex>
    /// The one thread this storage writes on: the server commits one batch at a time.
    private let writer = DispatchQueue(label: "little-moments.sync.json-storage")

    /// Opens the server's state where `locations` keep state, waiting up to `lockWait`
    /// for its lock, compacting its journal every `compactionThreshold` batches (at least
    /// once per activity), beside the batches (ADR 0053). A step that fails after a batch
    /// was already applied (a compaction on a full disk) is told to `onProblem`: the batch
    /// stands and is answered as applied.
    public init(
        locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait, compactionThreshold: Int = 1_000,
        onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(PersistenceError) {
        collection = try ServerStateStore.open(
            locations: locations, schema: Self.schema, compactionThreshold: compactionThreshold, lockWait: lockWait,
            amend: { $0.amend(with: $1) }, write: { $0.write(to: &$1) }, compaction: .besideTheWrites,
            onLateFailure: { late in
                onProblem("a change to the server's state was saved, but a step after it failed: \(late.description) "
                    + "Every change answered as applied is kept; the journal is compacted once the disk has room.")
            })
        index = Mutex(ActivityIndex(SyncRecord.fold(collection.documents.values)))
    }

    public func readIndex<Result: Sendable>(_ read: (ActivityIndex) -> Result) -> Result {
        index.withLock { read($0) }
    }

    /// Writes the batch on a thread of its own, so a slow disk never blocks the
    /// cooperative pool.
    public func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        try await withCheckedThrowingContinuation { continuation in
            writer.async {
                continuation.resume(with: Result { try self.commitNow(batch) })
            }
        }
    }

    /// Batches are written one after another on one thread, each checked against the
    /// index every batch before it left (ADR 0049).
    public var commitsInOrder: Bool { true }

    /// One writer: the server pushes its own changes, and there are no others.
    public func changes() -> AsyncStream<ActivitySnapshot> {
        AsyncStream { $0.finish() }
    }

    /// A write that changes an activity's snapshot and answers only is journaled as that
    /// amendment (ADR 0038): a batch then costs what it changed, not every answer each of
    /// its activities remembers.
    private func commitNow(_ batch: [SyncWrite]) throws -> [SyncWriteResult] {
        let (results, changes) = index.withLock { index in
            let results = index.conditions(of: batch)
            // The server joins the decisions on one activity into one write, so the batch
            // has one per activity, written in its order; an activity written twice all the
            // same is written whole, once, as its latest write left it.
            var latest: [String: Int] = [:]
            latest.reserveCapacity(batch.count)
            var repeated: Set<String> = []
            for (position, (write, result)) in zip(batch, results).enumerated() where result == .committed {
                if latest.updateValue(position, forKey: write.id) != nil { repeated.insert(write.id) }
            }
            let changes = batch.indices.compactMap { position -> CollectionChange<SyncRecord>? in
                let write = batch[position]
                let id = write.id
                guard latest[id] == position else { return nil }
                guard !repeated.contains(id), let amendment = SyncRecord.amendment(of: write, over: index.activity(id)) else {
                    return .put(key: id, document: write.activity.checkpoint)
                }
                // The checkpoint, every remembered answer in one array, is made only for a
                // compaction: the activity's answers are shared with the index until then.
                let activity = write.activity
                return .amendDeferred(key: id, amendment: amendment, document: { activity.checkpoint })
            }
            return (results, changes)
        }
        // Throws only when nothing of the batch was applied (ADR 0028); what fails after
        // is told to `onProblem`.
        if !changes.isEmpty { try collection.apply(changes) }
        index.withLock { $0.apply(batch, results: results) }
        return results
    }

    /// Releases the collection's lock.
    public func close() {
        collection.close()
    }
}
