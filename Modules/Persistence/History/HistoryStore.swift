import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The person's session history, kept in `history.jsonl`: every finished or cancelled
/// session, listed by date and summarised as `Domain.SessionStats`.
///
/// The file is an append-only log of JSON lines, so recording a session writes one line
/// and syncs it, whatever the size of the history — nothing is rewritten per append. The
/// whole history is held in memory, sorted by start: 100,000 sessions are a few megabytes
/// and load in a fraction of a second.
///
/// The store holds an exclusive lock on its file while open (see ``close()``). It is a
/// class guarded by a lock rather than an actor, because each append blocks on `fsync`:
/// callers choose the thread that waits. All methods are safe to call from any thread.
public final class HistoryStore: Sendable {
    /// The file name of the history in its folder.
    public static let fileName = "history.jsonl"

    /// The history file.
    public let url: URL
    /// What was found wrong with the file when it opened, and dealt with; show these to
    /// the person once.
    public let issues: [StoreIssue]
    /// Whether the history is on a read-only file system: it can be read, and appending
    /// throws ``PersistenceError/readOnlyFileSystem(path:)``.
    public var isReadOnly: Bool { lock == nil }

    private let lock: StoreLock?
    private let state: Guarded<State>

    private struct State {
        var index: HistoryIndex
        var log: AppendLog?
    }

    private init(url: URL, lock: StoreLock?, log: AppendLog?, index: HistoryIndex, issues: [StoreIssue]) {
        self.url = url
        self.lock = lock
        self.issues = issues
        self.state = Guarded(State(index: index, log: log))
    }

    /// Opens the history where `locations` keep state.
    public static func open(
        locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> HistoryStore {
        try open(directory: locations.stateDirectory, lockWait: lockWait)
    }

    /// Opens (creating when needed) the history in `directory`: takes the lock, waiting up
    /// to `lockWait` for another holder, removes temporary files a crash left, reads every
    /// record, and repairs damage it finds (see ``issues``). Throws for a file written by a
    /// newer version, leaving it untouched. On a read-only file system it opens for reading
    /// only (see ``isReadOnly``).
    public static func open(
        directory: URL, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> HistoryStore {
        let url = directory.appendingPathComponent(fileName)
        try Directory.ensure(directory)
        let lock = try StoreLock.acquire(
            directory.appendingPathComponent(fileName + ".lock"), for: url.path, waitingUpTo: lockWait)
        do {
            let writable = lock != nil
            if writable { try TemporaryFiles.sweep(in: directory, for: [fileName]) }
            let loaded = try HistoryLoader.load(url, schema: .sessionHistory, writable: writable)
            let log = writable ? try AppendLog(url) : nil
            return HistoryStore(
                url: url, lock: lock, log: log, index: HistoryIndex(loaded.records), issues: loaded.issues)
        } catch {
            lock?.release()
            throw error
        }
    }

    /// Every recorded session, oldest start first.
    public var records: [SessionRecord] {
        state.withLock { $0.index.records }
    }

    /// How many sessions are recorded.
    public var count: Int {
        state.withLock { $0.index.records.count }
    }

    /// The sessions that started in `range`, oldest first.
    public func records(startedIn range: Range<Date>) -> [SessionRecord] {
        state.withLock { Array($0.index.records(startedIn: range)) }
    }

    /// Records a finished or cancelled session durably: when this returns, the session
    /// survives a crash or power cut. Answers `false`, writing nothing, when a session with
    /// the same id is already recorded, so a retried append is harmless.
    @discardableResult
    public func append(_ record: SessionRecord) throws(PersistenceError) -> Bool {
        try append(contentsOf: [record]) == 1
    }

    /// Records many sessions with one write and one sync (an import, or a batch of
    /// sessions): all of them or, on error, none. Answers how many were new.
    @discardableResult
    public func append(contentsOf records: some Sequence<SessionRecord>) throws(PersistenceError) -> Int {
        let path = url.path
        guard !isReadOnly else { throw .readOnlyFileSystem(path: path) }
        return try state.withLock { (state) throws(PersistenceError) -> Int in
            guard let log = state.log else { throw .closed(path: path) }
            var seen = Set<UUID>()
            let fresh = records.filter { !state.index.contains($0.id) && seen.insert($0.id).inserted }
            guard !fresh.isEmpty else { return 0 }
            var bytes = Data()
            for record in fresh {
                bytes.append(try HistoryLine.encode(record, path: path))
                bytes.append(0x0A)
            }
            try log.append(bytes)
            for record in fresh { state.index.insert(record) }
            return fresh.count
        }
    }

    /// Closes the file and releases the lock, so another process can open the history.
    /// Reading stays possible; appending throws ``PersistenceError/closed(path:)``.
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
}
