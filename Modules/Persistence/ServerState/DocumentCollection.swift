#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A durable collection of documents of the caller's type, each under a string key: the
/// store behind the sync server's state (each activity's state, version and token, and the
/// intents already applied), which Sync reaches through an adapter, the SyncJSONStore module.
///
/// It is built for a high rate of small durable writes. A change is one line appended to a
/// journal and one `fdatasync` — not a rewrite of the collection — and a batch of changes
/// (``apply(_:)``) costs the same single sync. When the journal has grown past both
/// `compactionThreshold` transactions and the number of documents, the collection is
/// written whole to a snapshot and the journal starts afresh, so opening never replays
/// more than that, and the cost of compaction spread over the writes stays constant.
///
/// Files, for a collection named `server-state`: `server-state.snapshot.jsonl`,
/// `server-state.journal.jsonl` and the lock, `server-state.lock`. Every document is
/// written with the caller's ``DocumentSchema`` name and version; older documents are
/// upgraded on open, and a newer file is refused untouched.
///
/// The store holds an exclusive lock while open (on a read-only file system it opens for
/// reading only) and is safe to use from any thread.
public final class DocumentCollection<Document: Codable & Sendable>: Sendable {
    /// The snapshot file.
    public let snapshotURL: URL
    /// The journal file.
    public let journalURL: URL
    /// The schema of the documents.
    public let schema: DocumentSchema<Document>
    /// What was found wrong with the files when they opened, and dealt with.
    public let issues: [StoreIssue]

    /// Whether the collection is on a read-only file system: it can be read, and writing
    /// throws ``PersistenceError/readOnlyFileSystem(path:)``.
    public var isReadOnly: Bool { lock == nil }

    private let compactionThreshold: Int
    private let lock: StoreLock?
    private let state: Guarded<State>

    struct State {
        var documents: [String: Document]
        var sequence: UInt64
        var journalTransactions: Int
        var log: AppendLog?
    }

    private init(
        snapshotURL: URL, journalURL: URL, schema: DocumentSchema<Document>, compactionThreshold: Int,
        lock: StoreLock?, state: State, issues: [StoreIssue]
    ) {
        self.snapshotURL = snapshotURL
        self.journalURL = journalURL
        self.schema = schema
        self.compactionThreshold = compactionThreshold
        self.lock = lock
        self.state = Guarded(state)
        self.issues = issues
    }

    /// Opens (creating when needed) the collection `name` in `directory`: takes its lock
    /// (waiting up to `lockWait`), removes temporary files a crash left, loads the snapshot
    /// and replays the journal, repairing what it must (see ``issues``).
    public static func open(
        named name: String, in directory: URL, schema: DocumentSchema<Document>,
        compactionThreshold: Int = 1_000, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> DocumentCollection {
        let snapshotURL = directory.appendingPathComponent("\(name).snapshot.jsonl")
        let journalURL = directory.appendingPathComponent("\(name).journal.jsonl")
        try Directory.ensure(directory)
        let lock = try StoreLock.acquire(
            directory.appendingPathComponent("\(name).lock"), for: journalURL.path, waitingUpTo: lockWait)
        do {
            if lock != nil {
                try TemporaryFiles.sweep(in: directory, for: [snapshotURL.lastPathComponent, journalURL.lastPathComponent])
            }
            let loaded = try CollectionLoader.load(snapshot: snapshotURL, journal: journalURL, schema: schema)
            let collection = DocumentCollection(
                snapshotURL: snapshotURL, journalURL: journalURL, schema: schema,
                compactionThreshold: max(1, compactionThreshold), lock: lock,
                state: State(
                    documents: loaded.documents, sequence: loaded.sequence,
                    journalTransactions: loaded.journalTransactions, log: nil),
                issues: loaded.issues)
            try collection.state.withLock { (state) throws(PersistenceError) in
                if lock == nil { return }
                if loaded.needsCompaction || loaded.journalTransactions >= collection.compactionThreshold {
                    try collection.compact(&state)
                } else {
                    state.log = try AppendLog(journalURL)
                }
            }
            return collection
        } catch {
            lock?.release()
            throw error
        }
    }

    /// The document under `key`, if any.
    public func document(for key: String) -> Document? {
        state.withLock { $0.documents[key] }
    }

    /// Every document, by key.
    public var documents: [String: Document] {
        state.withLock { $0.documents }
    }

    /// Puts `document` under `key` durably: when this returns it survives a crash or power cut.
    public func put(_ document: Document, for key: String) throws(PersistenceError) {
        try apply([.put(key: key, document: document)])
    }

    /// Removes the document under `key` durably.
    public func remove(_ key: String) throws(PersistenceError) {
        try apply([.remove(key: key)])
    }

    /// Applies `changes` in order, all together or (on error, or after a crash) none of
    /// them, with one write and one sync whatever their number: the way to make many small
    /// writes cheap.
    public func apply(_ changes: [CollectionChange<Document>]) throws(PersistenceError) {
        guard !changes.isEmpty else { return }
        guard !isReadOnly else { throw .readOnlyFileSystem(path: journalURL.path) }
        try state.withLock { (state) throws(PersistenceError) in
            guard let log = state.log else { throw .closed(path: journalURL.path) }
            let transaction = CollectionLines.Transaction(
                sequence: state.sequence + 1, changes: changes.map(CollectionLines.Change.init))
            var line = try encode(transaction, path: journalURL.path)
            line.append(0x0A)
            try log.append(line)
            state.sequence += 1
            state.journalTransactions += 1
            for change in changes {
                switch change {
                case .put(let key, let document): state.documents[key] = document
                case .remove(let key): state.documents[key] = nil
                }
            }
            if state.journalTransactions >= max(compactionThreshold, state.documents.count) {
                try compact(&state)
            }
        }
    }

    /// Writes the whole collection to the snapshot and starts an empty journal. Done by
    /// itself as the journal grows; call it to make the next open as quick as it can be.
    public func compact() throws(PersistenceError) {
        guard !isReadOnly else { throw .readOnlyFileSystem(path: snapshotURL.path) }
        try state.withLock { (state) throws(PersistenceError) in
            guard state.log != nil else { throw .closed(path: journalURL.path) }
            try compact(&state)
        }
    }

    /// Closes the journal and releases the lock. Reading stays possible; writing throws
    /// ``PersistenceError/closed(path:)``.
    public func close() {
        state.withLock { state in
            state.log?.close()
            state.log = nil
        }
        lock?.release()
    }

    deinit {
        close()
    }

    /// The snapshot first (durable, numbered with the last sequence), then a fresh journal.
    /// A crash between the two leaves an old journal whose transactions the snapshot already
    /// holds; replay skips them by their sequence. If the journal cannot be replaced, the
    /// old one stays in use.
    private func compact(_ state: inout State) throws(PersistenceError) {
        let snapshotHeader = FileHeader(
            format: CollectionLines.snapshotFormat, version: CollectionLines.layoutVersion, schema: schema.name,
            schemaVersion: schema.version, sequence: state.sequence)
        var lines: [Data] = []
        lines.reserveCapacity(state.documents.count)
        for key in state.documents.keys.sorted() {
            guard let document = state.documents[key] else { continue }
            lines.append(try encode(CollectionLines.Entry(key: key, document: document), path: snapshotURL.path))
        }
        try DurableFile.save(
            LineFile.render(header: LineFileHeader.encode(snapshotHeader), records: lines), to: snapshotURL)

        let journalHeader = FileHeader(
            format: CollectionLines.journalFormat, version: CollectionLines.layoutVersion, schema: schema.name,
            schemaVersion: schema.version)
        try DurableFile.save(LineFile.render(header: LineFileHeader.encode(journalHeader), records: []), to: journalURL)
        let fresh = try AppendLog(journalURL)
        state.log?.close()
        state.log = fresh
        state.journalTransactions = 0
    }

    private func encode<Value: Encodable>(_ value: Value, path: String) throws(PersistenceError) -> Data {
        try StoreJSON.encode(value, path: path)
    }
}
