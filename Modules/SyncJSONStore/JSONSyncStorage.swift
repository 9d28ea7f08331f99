import Persistence
import Sync

/// Sync's storage on Persistence's durable JSON files: the embedded default's backend, in
/// a module of its own so that neither Sync nor Persistence knows the other (a shared
/// store on another engine would be a module beside it).
///
/// Each activity is one document of the `server-state` collection, keyed by its id: the
/// checkpoint of its state, token and remembered answers (``Sync/StoredActivity/checkpoint``).
/// A batch of the server's records is folded into the activities it touches and written
/// as one transaction, with one sync, however many intents it holds.
public final class JSONSyncStorage: SyncStorage {
    /// The schema of the documents: a ``Sync/SyncRecord`` checkpoint per activity.
    public static let schema = DocumentSchema<SyncRecord>(name: "little-moments/sync-activity", version: 1)

    /// The collection behind it, for its issues and paths.
    public let collection: DocumentCollection<SyncRecord>

    /// Opens the server's state where `locations` keep state, waiting up to `lockWait`
    /// for its lock.
    public init(locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait) throws(PersistenceError) {
        collection = try ServerStateStore.open(locations: locations, schema: Self.schema, lockWait: lockWait)
    }

    public func load() throws -> [SyncRecord] {
        collection.documents.values.sorted { $0.snapshot.id < $1.snapshot.id }
    }

    public func commit(_ batch: [SyncRecord]) throws {
        var touched: [String: StoredActivity] = [:]
        for record in batch {
            let id = record.snapshot.id
            if touched[id] == nil, let stored = collection.document(for: id) {
                touched[id] = SyncRecord.fold([stored])[id]
            }
            StoredActivity.absorb(record, into: &touched)
        }
        let changes = touched.keys.sorted().compactMap { id in
            touched[id].map { CollectionChange.put(key: id, document: $0.checkpoint) }
        }
        try collection.apply(changes)
    }

    /// Releases the collection's lock.
    public func close() {
        collection.close()
    }
}
