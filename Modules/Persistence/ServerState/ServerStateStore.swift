#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the sync server keeps its authoritative state: a ``DocumentCollection`` named
/// `server-state` in the state folder. The documents' type and schema are the adapter's
/// (in SyncJSONStore) — typically one record per activity holding its state, version,
/// token and the intent ids already applied with their first answers — so Persistence
/// needs to know nothing of the sync protocol.
public enum ServerStateStore {
    /// The collection's name, which prefixes its files.
    public static let collectionName = "server-state"

    /// Opens the server's state where `locations` keep state, compacting its journal
    /// every `compactionThreshold` transactions (at least once per document), replaying
    /// amendments with `amend`, writing documents with `write`, compacting when `compaction`
    /// says and telling `onLateFailure` of what failed after a change was applied
    /// (``DocumentCollection/open(named:in:schema:compactionThreshold:lockWait:amend:write:compaction:onLateFailure:)``).
    public static func open<Document: Codable & Sendable>(
        locations: StoreLocations, schema: DocumentSchema<Document>, compactionThreshold: Int = 1_000,
        lockWait: Duration = StoreDefaults.lockWait, amend: DocumentAmendment<Document>? = nil,
        write: DocumentWriter<Document>? = nil, compaction: CompactionTiming = .inTheWrite,
        onLateFailure: (@Sendable (PersistenceError) -> Void)? = nil
    ) throws(PersistenceError) -> DocumentCollection<Document> {
        try DocumentCollection.open(
            named: collectionName, in: locations.stateDirectory, schema: schema,
            compactionThreshold: compactionThreshold, lockWait: lockWait, amend: amend, write: write,
            compaction: compaction, onLateFailure: onLateFailure)
    }
}
