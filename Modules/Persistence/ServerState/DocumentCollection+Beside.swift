import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a collection compacts its journal, once it has grown past its threshold.
public enum CompactionTiming: Sendable, Equatable {
    /// In the write that grew the journal past it: that write returns once the whole
    /// collection is in the snapshot and the journal is empty again.
    case inTheWrite
    /// On a thread of the collection's own, while the writes go on (ADR 0053): they wait
    /// only while the old journal is replaced by one holding what they appended since the
    /// snapshot's sequence.
    case besideTheWrites
}

/// Compaction beside the writes (ADR 0053). The snapshot is written from the documents as
/// they were at a sequence, on the compaction's thread, while the old journal goes on
/// taking every write; the lines appended since are kept, written to the new journal
/// outside the lock, and the few that came while that was written are added under it,
/// just before the new journal is renamed over the old one.
///
/// A crash at any step is read as one of the compaction in the write is: the old snapshot
/// and the old journal, or the new snapshot and the old journal (replay skips what the
/// snapshot holds, by sequence), or the new snapshot and the new journal.
extension DocumentCollection {
    /// Begins a compaction beside the writes unless one is running. Under the lock.
    func compactBeside(_ state: inout State) {
        guard state.beside == nil, let compactionQueue else { return }
        let (slots, sequence) = (state.documents, state.sequence)
        state.beside = BesideCompaction(sequence: sequence)
        compactionQueue.async { [self] in
            if let failure = runCompaction(of: slots, at: sequence) { onLateFailure?(failure) }
        }
    }

    /// Writes the snapshot of `slots` at `sequence`, then the journal that replaces the old
    /// one. A failure leaves the old journal the one written to, is kept in
    /// ``lateFailure`` and returned when it is a new one; the compaction is tried again
    /// later, as in the write.
    private func runCompaction(of slots: [String: Slot], at sequence: UInt64) -> PersistenceError? {
        let documents = slots.mapValues(\.document)
        let staged: StagedFile
        let written: Int
        do throws(PersistenceError) {
            try saveSnapshot(of: documents, at: sequence)
            staged = try StagedFile(replacing: journalURL)
            let lines = state.withLock { $0.beside?.lines ?? [] }
            var journal = emptyJournal
            journal.reserveCapacity(journal.count + lines.reduce(0) { $0 + $1.count })
            for line in lines { journal.append(line) }
            try staged.append(journal)
            try staged.sync()
            written = lines.count
        } catch {
            return state.withLock { state in
                state.beside = nil
                return compactionFailed(error, &state)
            }
        }
        return state.withLock { state -> PersistenceError? in
            guard let beside = state.beside, state.log != nil else {
                // The journal could not be opened again since: nothing to replace.
                staged.abandon()
                state.beside = nil
                return nil
            }
            state.beside = nil
            do throws(PersistenceError) {
                let rest = beside.lines.dropFirst(written)
                if !rest.isEmpty {
                    var tail = Data()
                    for line in rest { tail.append(line) }
                    try staged.append(tail)
                    try staged.sync()
                }
                try staged.replace()
            } catch {
                if let open = state.log?.identity, open != FileDescriptor.identity(at: journalURL.path) {
                    // Renamed, but the folder's sync failed: the new journal is the file at
                    // the path, and the next write syncs the folder before it writes.
                    state.folderUnsynced = true
                    try? reopenJournal(&state)
                    state.journalTransactions = beside.lines.count
                }
                return compactionFailed(error, &state)
            }
            do throws(PersistenceError) {
                try reopenJournal(&state)
            } catch {
                return compactionFailed(error, &state)
            }
            state.journalTransactions = beside.lines.count
            // What was made for the snapshot is kept, where no write changed it since.
            for (key, slot) in slots where !beside.keys.contains(key) {
                if case .deferred = slot, let document = documents[key] { state.documents[key] = .made(document) }
            }
            state.lateFailure = nil
            state.nextCompactionAttempt = 0
            return nil
        }
    }

    /// Writes `documents` durably to the snapshot, numbered `sequence`, in the order of their keys.
    func saveSnapshot(of documents: [String: Document], at sequence: UInt64) throws(PersistenceError) {
        let header = FileHeader(
            format: CollectionLines.snapshotFormat, version: CollectionLines.layoutVersion, schema: schema.name,
            schemaVersion: schema.version, sequence: sequence)
        var lines: [Data] = []
        lines.reserveCapacity(documents.count)
        for key in documents.keys.sorted() {
            guard let document = documents[key] else { continue }
            if let write {
                lines.append(CollectionLines.entryLine(key: key, document: document, writing: write))
            } else {
                lines.append(try encode(CollectionLines.Entry(key: key, document: document), path: snapshotURL.path))
            }
        }
        try DurableFile.save(LineFile.render(header: LineFileHeader.encode(header), records: lines), to: snapshotURL)
    }

    /// A journal with its header and no transaction.
    var emptyJournal: Data {
        let header = FileHeader(
            format: CollectionLines.journalFormat,
            version: amend == nil ? CollectionLines.layoutVersion : CollectionLines.amendingLayoutVersion, schema: schema.name,
            schemaVersion: schema.version)
        return LineFile.render(header: LineFileHeader.encode(header), records: [])
    }
}
