import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif
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
/// they were at a sequence, on a thread of its own at a lower priority, while the old
/// journal goes on taking every write; what was appended to it since is read back from it
/// and written to the new journal outside the lock, and what came while that was written is
/// added under it, just before the new journal is renamed over the old one.
///
/// A crash at any step is read as one of the compaction in the write is: the old snapshot
/// and the old journal, or the new snapshot and the old journal (replay skips what the
/// snapshot holds, by sequence), or the new snapshot and the new journal.
extension DocumentCollection {
    /// Begins a compaction beside the writes unless one is running. Under the lock; a
    /// failure to begin it (the journal cannot be opened to read) is returned when it is new.
    func compactBeside(_ state: inout State) -> PersistenceError? {
        guard state.beside == nil, let compactionQueue, let log = state.log else { return nil }
        let reader: FileDescriptor
        do {
            reader = try FileDescriptor.open(journalURL.path, flags: O_RDONLY)
        } catch {
            return compactionFailed(error, &state)
        }
        let (slots, sequence, start) = (state.documents, state.sequence, log.length)
        state.beside = BesideCompaction()
        compactionQueue.async { [self] in
            let failure = Mutex<PersistenceError?>(nil)
            LowPriorityThread.run { [self] in
                let outcome = runCompaction(of: slots, at: sequence, reading: reader, from: start)
                failure.withLock { $0 = outcome }
            }
            reader.close()
            if let failure = failure.withLock({ $0 }) { onLateFailure?(failure) }
        }
        return nil
    }

    /// Writes the snapshot of `slots` at `sequence`, then the journal that replaces the old
    /// one, with what `reader` (the old journal) holds from `start` on. A failure leaves the
    /// old journal the one written to, is kept in ``lateFailure`` and returned when it is a
    /// new one; the compaction is tried again later, as in the write.
    private func runCompaction(
        of slots: [String: Slot], at sequence: UInt64, reading reader: FileDescriptor, from start: Int
    ) -> PersistenceError? {
        let documents = slots.mapValues(\.document)
        let staged: StagedFile
        let written: Int
        do throws(PersistenceError) {
            try saveSnapshot(of: documents, at: sequence)
            let end = state.withLock { $0.log?.length ?? start }
            var contents = emptyJournal
            contents.append(try Self.read(reader, from: start, to: end))
            // From here each step that fails removes the temporary file itself.
            staged = try StagedFile(replacing: journalURL)
            try staged.append(contents)
            try staged.sync()
            written = end
        } catch {
            return state.withLock { state in
                state.beside = nil
                return compactionFailed(error, &state)
            }
        }
        return state.withLock { state -> PersistenceError? in
            guard let beside = state.beside, let log = state.log else {
                // The journal could not be opened again since: nothing to replace.
                staged.abandon()
                state.beside = nil
                return nil
            }
            state.beside = nil
            do throws(PersistenceError) {
                if log.length > written {
                    let rest: Data
                    do throws(PersistenceError) {
                        rest = try Self.read(reader, from: written, to: log.length)
                    } catch {
                        staged.abandon()
                        throw error
                    }
                    try staged.append(rest)
                    try staged.sync()
                }
                try staged.replace()
            } catch {
                // Renamed all the same, when only the folder's sync failed: the new journal
                // holds what the old one held since the snapshot. The first failure is kept.
                if (try? adoptRenamedJournal(&state)) == true { state.journalTransactions = beside.transactions }
                return compactionFailed(error, &state)
            }
            do throws(PersistenceError) {
                try reopenJournal(&state)
            } catch {
                return compactionFailed(error, &state)
            }
            state.journalTransactions = beside.transactions
            // What was made for the snapshot is kept, where no write changed it since.
            for (key, slot) in slots where !beside.keys.contains(key) {
                if case .deferred = slot, let document = documents[key] { state.documents[key] = .made(document) }
            }
            state.lateFailure = nil
            state.nextCompactionAttempt = 0
            return nil
        }
    }

    /// The bytes of the old journal from `start` to `end`, all of them: they are lines
    /// appended whole, so a shorter read is a failure, not a shorter journal.
    private static func read(_ reader: FileDescriptor, from start: Int, to end: Int) throws(PersistenceError) -> Data {
        let bytes = try reader.read(at: start, count: end - start)
        guard bytes.count == end - start else { throw .from(errno: EIO, operation: .read, path: reader.path) }
        return bytes
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
