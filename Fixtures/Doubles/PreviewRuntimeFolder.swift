import LiveApp
import Synchronization

/// A runtime folder in memory, for previews and tests: what running sessions announce is
/// kept here, newest first, and nothing is written to disk.
public final class PreviewRuntimeFolder: RuntimeFolder {
    private let kept = Mutex<[RuntimeEntry]>([])
    private let watchers = Mutex<[UInt64: AsyncStream<Void>.Continuation]>([:])
    private let nextWatcher = Atomic<UInt64>(0)
    private let claimed = Mutex<[String]>([])

    /// An empty folder: no other session is running.
    public init() {}

    /// A folder holding `entries`, newest first: other sessions running.
    public init(entries: [RuntimeEntry]) {
        kept.withLock { $0 = entries }
    }

    public func write(_ entry: RuntimeEntry) throws(RuntimeFileError) {
        kept.withLock { entries in
            entries.removeAll { $0.processID == entry.processID }
            entries.insert(entry, at: 0)
        }
        wakeWatchers()
    }

    public func remove(processID: Int32) {
        kept.withLock { $0.removeAll { $0.processID == processID } }
        wakeWatchers()
    }

    /// Wakes on every entry written or removed here; a preview's state has no lock to
    /// release.
    public func hostChanges(of stateFolder: String) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextWatcher.add(1, ordering: .relaxed).newValue
        watchers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in _ = self?.watchers.withLock { $0.removeValue(forKey: id) } }
        return stream
    }

    private func wakeWatchers() {
        for watcher in watchers.withLock({ Array($0.values) }) { watcher.yield() }
    }

    public func entries() -> [RuntimeEntry] { kept.withLock { $0 } }

    public func claimBell(_ name: String) -> Bool {
        claimed.withLock { claimed in
            guard !claimed.contains(name) else { return false }
            claimed.append(name)
            return true
        }
    }

    /// Every bell claimed here, in the order they were first claimed.
    public var claimedBells: [String] { claimed.withLock { $0 } }
}
