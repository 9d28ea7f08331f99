import Dispatch
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
/// A change is applied once its journal line is written, and only then (ADR 0028):
/// ``apply(_:)`` throws only when nothing of the change is in the files, before or after a
/// crash, and a step that fails after the line is in (the compaction, a sync that cannot
/// be taken back) leaves the change applied and answered so, and is kept in
/// ``lateFailure`` for the operator.
///
/// A compaction runs in the write that grew the journal, or, opened with
/// ``CompactionTiming/besideTheWrites``, on a thread of its own while the writes go on
/// (ADR 0053).
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

    /// The latest failure that came after a change was already applied: a compaction
    /// that could not be written (the journal then keeps growing, and is compacted again
    /// later), or a journal line whose sync failed and could not be taken back. The
    /// changes stand; `nil` once a later compaction succeeded.
    public var lateFailure: PersistenceError? {
        state.withLock { $0.lateFailure }
    }

    let compactionThreshold: Int
    /// How an amendment is applied on replay; `nil`: the collection takes no amendments.
    let amend: DocumentAmendment<Document>?
    /// How a document's JSON is written by hand; `nil`: with `JSONEncoder`.
    let write: DocumentWriter<Document>?
    private let lock: StoreLock?
    let state: Guarded<State>
    /// Where compactions beside the writes run, one at a time; `nil`: in the writes.
    let compactionQueue: DispatchQueue?
    /// Told of each failure that came after a change was applied, outside the lock.
    let onLateFailure: (@Sendable (PersistenceError) -> Void)?

    /// A document as the collection holds it: made, or to be made when first needed.
    enum Slot {
        case made(Document)
        case deferred(@Sendable () -> Document)

        var document: Document {
            switch self {
            case .made(let document): return document
            case .deferred(let make): return make()
            }
        }
    }

    struct State {
        var documents: [String: Slot]
        var sequence: UInt64
        var journalTransactions: Int
        var log: AppendLog?
        /// Why the journal cannot be written (it was replaced and could not be opened
        /// again): each write tries to open it first, and is refused untouched if it cannot.
        var refusal: PersistenceError?
        /// The journal was replaced but its folder's sync failed: the next write syncs it
        /// before it writes.
        var folderUnsynced = false
        /// The journal length (in transactions) at which a failed compaction is tried again.
        var nextCompactionAttempt = 0
        var lateFailure: PersistenceError?
        /// How long the last transaction line was: the next one's writer starts that large,
        /// with 256 bytes to spare for a line a little longer, instead of growing to it by
        /// doubling (a batch over many documents is tens of KB).
        var lastLineLength = 0
        /// The compaction running beside the writes, if one is.
        var beside: BesideCompaction?
    }

    /// A compaction beside the writes, running: what was appended to the old journal since
    /// its snapshot's documents were taken, which the journal that replaces it will hold.
    struct BesideCompaction {
        /// How many transactions were appended since.
        var transactions = 0
        /// The keys they changed.
        var keys: Set<String> = []
    }

    private init(
        snapshotURL: URL, journalURL: URL, schema: DocumentSchema<Document>, compactionThreshold: Int,
        amend: DocumentAmendment<Document>?, write: DocumentWriter<Document>?, lock: StoreLock?, state: State,
        issues: [StoreIssue], compaction: CompactionTiming, onLateFailure: (@Sendable (PersistenceError) -> Void)?
    ) {
        self.snapshotURL = snapshotURL
        self.journalURL = journalURL
        self.schema = schema
        self.compactionThreshold = compactionThreshold
        self.amend = amend
        self.write = write
        self.lock = lock
        self.state = Guarded(state)
        self.issues = issues
        compactionQueue =
            compaction == .besideTheWrites ? DispatchQueue(label: "little-moments.persistence.compaction") : nil
        self.onLateFailure = onLateFailure
    }

    /// Opens (creating when needed) the collection `name` in `directory`: takes its lock
    /// (waiting up to `lockWait`), removes temporary files a crash left, loads the snapshot
    /// and replays the journal, repairing what it must (see ``issues``). With `amend`, it
    /// takes amendments (``CollectionChange/amend(key:document:amendment:)``) and replays
    /// them with that function; its journal is then written in layout 2, which a program
    /// that knows only layout 1 refuses. With `write`, its lines are written by hand
    /// rather than by `JSONEncoder`, the same bytes for a fraction of the time. `compaction`
    /// says when the journal is compacted as it grows; `onLateFailure` is told of each
    /// failure that comes after a change was applied (``lateFailure``), from the thread it
    /// came on.
    public static func open(
        named name: String, in directory: URL, schema: DocumentSchema<Document>,
        compactionThreshold: Int = 1_000, lockWait: Duration = StoreDefaults.lockWait,
        amend: DocumentAmendment<Document>? = nil, write: DocumentWriter<Document>? = nil,
        compaction: CompactionTiming = .inTheWrite, onLateFailure: (@Sendable (PersistenceError) -> Void)? = nil
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
            let loaded = try CollectionLoader.load(snapshot: snapshotURL, journal: journalURL, schema: schema, amend: amend)
            let collection = DocumentCollection(
                snapshotURL: snapshotURL, journalURL: journalURL, schema: schema,
                compactionThreshold: max(1, compactionThreshold), amend: amend, write: write, lock: lock,
                state: State(
                    documents: loaded.documents.mapValues(Slot.made), sequence: loaded.sequence,
                    journalTransactions: loaded.journalTransactions, log: nil),
                issues: loaded.issues, compaction: compaction, onLateFailure: onLateFailure)
            try collection.state.withLock { (state) throws(PersistenceError) in
                if lock == nil { return }
                if loaded.needsCompaction {
                    try collection.compact(&state)
                } else {
                    state.log = try AppendLog(journalURL)
                    // A journal a full disk kept from being compacted opens all the same.
                    if loaded.journalTransactions >= collection.compactionThreshold { collection.compactLate(&state) }
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
        state.withLock { $0.documents[key]?.document }
    }

    /// Every document, by key.
    public var documents: [String: Document] {
        state.withLock { $0.documents.mapValues(\.document) }
    }

    /// Puts `document` under `key` durably: when this returns it survives a crash or power cut.
    public func put(_ document: Document, for key: String) throws(PersistenceError) {
        try apply([.put(key: key, document: document)])
    }

    /// Removes the document under `key` durably.
    public func remove(_ key: String) throws(PersistenceError) {
        try apply([.remove(key: key)])
    }

    /// Applies `changes` in order, all together or none of them, with one write and one
    /// sync whatever their number: the way to make many small writes cheap.
    ///
    /// When it returns, the changes are applied and survive a crash; when it throws,
    /// nothing of them was applied, now or after a crash (ADR 0028). What fails after the
    /// journal line is in does not throw: see ``lateFailure``.
    public func apply(_ changes: [CollectionChange<Document>]) throws(PersistenceError) {
        guard !changes.isEmpty else { return }
        guard !isReadOnly else { throw .readOnlyFileSystem(path: journalURL.path) }
        if amend == nil, changes.contains(where: { $0.amendment != nil }) {
            preconditionFailure("an amendment to a collection opened without an amendment function")
        }
        let late = try state.withLock { (state) throws(PersistenceError) -> PersistenceError? in
            var late: PersistenceError?
            if state.refusal != nil { try reopenJournal(&state) }
            guard let log = state.log else { throw .closed(path: journalURL.path) }
            if state.folderUnsynced {
                try Directory.sync(journalURL.deletingLastPathComponent().path)
                state.folderUnsynced = false
            }
            let line: Data
            if let write {
                line = CollectionLines.transactionLine(
                    sequence: state.sequence + 1, changes: changes, writing: write, capacity: state.lastLineLength + 256)
                state.lastLineLength = line.count
            } else {
                let transaction = CollectionLines.Transaction(
                    sequence: state.sequence + 1, changes: changes.map(CollectionLines.Change.init))
                line = try encode(transaction, path: journalURL.path) + [0x0A]
            }
            // The line is in the journal once this returns: from here the change is applied.
            switch try log.append(line) {
            case .durable: break
            case .writtenUnconfirmed(let failure):
                if state.lateFailure != failure { late = failure }
                state.lateFailure = failure
            }
            state.sequence += 1
            state.journalTransactions += 1
            state.beside?.transactions += 1
            for change in changes {
                state.beside?.keys.insert(change.key)
                switch change {
                case .put(let key, let document), .amend(let key, let document, _): state.documents[key] = .made(document)
                case .remove(let key): state.documents[key] = nil
                case .amendDeferred(let key, _, let make): state.documents[key] = .deferred(make)
                }
            }
            if state.journalTransactions >= max(compactionThreshold, state.documents.count, state.nextCompactionAttempt) {
                if compactionQueue != nil {
                    late = compactBeside(&state) ?? late
                } else {
                    late = compactLate(&state) ?? late
                }
            }
            return late
        }
        if let late { onLateFailure?(late) }
    }

    /// Writes the whole collection to the snapshot and starts an empty journal. Done by
    /// itself as the journal grows; call it to make the next open as quick as it can be.
    public func compact() throws(PersistenceError) {
        guard !isReadOnly else { throw .readOnlyFileSystem(path: snapshotURL.path) }
        // Never beside one running: its snapshot, older, would be written over this one's.
        var done = false
        while !done {
            waitForCompaction()
            done = try state.withLock { (state) throws(PersistenceError) -> Bool in
                guard state.beside == nil else { return false }
                if state.refusal != nil { try reopenJournal(&state) }
                guard state.log != nil else { throw .closed(path: journalURL.path) }
                try compact(&state)
                state.lateFailure = nil
                return true
            }
        }
    }

    /// Returns once the compaction running beside the writes, if any, is finished.
    public func waitForCompaction() {
        compactionQueue?.sync {}
    }

    /// Closes the journal and releases the lock, once a compaction beside the writes is
    /// finished. Reading stays possible; writing throws ``PersistenceError/closed(path:)``.
    public func close() {
        waitForCompaction()
        closeFiles()
    }

    deinit {
        // No compaction runs: one would hold the collection. (Waiting here could be
        // waiting on the compaction's own thread, which let go of it last.)
        closeFiles()
    }

    private func closeFiles() {
        state.withLock { state in
            state.log?.close()
            state.log = nil
            state.refusal = nil
        }
        lock?.release()
    }

    /// Compacts after a change was applied: a failure there cannot take the change back,
    /// so it is kept in ``lateFailure`` and tried again once the journal has grown by a
    /// tenth of the threshold, rather than at every write to a full disk.
    @discardableResult
    private func compactLate(_ state: inout State) -> PersistenceError? {
        do {
            try compact(&state)
            state.lateFailure = nil
            state.nextCompactionAttempt = 0
            return nil
        } catch {
            return compactionFailed(error, &state)
        }
    }

    /// Keeps a compaction's failure, to try again once the journal has grown by a tenth of
    /// the threshold; returns it when it is not the one already kept, to be told
    /// (`onLateFailure`) once, not at every try on a disk that stays full.
    func compactionFailed(_ error: PersistenceError, _ state: inout State) -> PersistenceError? {
        let isNew = state.lateFailure != error
        state.lateFailure = error
        state.nextCompactionAttempt = state.journalTransactions + max(1, compactionThreshold / 10)
        return isNew ? error : nil
    }

    /// The snapshot first (durable, numbered with the last sequence), then a fresh journal.
    /// A crash between the two leaves an old journal whose transactions the snapshot already
    /// holds; replay skips them by their sequence. If the snapshot cannot be written, the
    /// old files stay as they were. If the journal cannot be replaced, whichever journal
    /// its path names now is the one written next: the old one, or the new one when only
    /// the folder's sync failed after the rename (that sync is then done before the next
    /// write).
    private func compact(_ state: inout State) throws(PersistenceError) {
        let documents = state.documents.mapValues(\.document)
        state.documents = documents.mapValues(Slot.made)
        try saveSnapshot(of: documents, at: state.sequence)
        do {
            try DurableFile.save(emptyJournal, to: journalURL)
        } catch {
            try adoptRenamedJournal(&state)
            throw error
        }
        try reopenJournal(&state)
    }

    /// After replacing the journal failed: when the rename happened all the same (only the
    /// folder's sync after it failed, and the open journal is no longer the file at the
    /// path), the next write syncs the folder first, and the journal at the path is opened;
    /// answers whether it did. Throws when that journal cannot be opened: every write is
    /// then refused until it can (``reopenJournal(_:)``).
    @discardableResult
    func adoptRenamedJournal(_ state: inout State) throws(PersistenceError) -> Bool {
        if let open = state.log?.identity, open == FileDescriptor.identity(at: journalURL.path) { return false }
        state.folderUnsynced = true
        try reopenJournal(&state)
        return true
    }

    /// Opens the journal at its path, replacing the one open; if it cannot be opened,
    /// every write is refused with why (the old journal is no longer the file at the path).
    func reopenJournal(_ state: inout State) throws(PersistenceError) {
        state.log?.close()
        state.log = nil
        state.journalTransactions = 0
        do {
            state.log = try AppendLog(journalURL)
            state.refusal = nil
        } catch {
            state.refusal = error
            throw error
        }
    }

    func encode<Value: Encodable>(_ value: Value, path: String) throws(PersistenceError) -> Data {
        try StoreJSON.encode(value, path: path)
    }
}
