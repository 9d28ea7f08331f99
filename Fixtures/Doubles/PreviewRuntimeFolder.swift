import LiveApp
import Synchronization

/// A runtime folder in memory, for previews and tests: what running sessions announce is
/// kept here, newest first, and nothing is written to disk.
public final class PreviewRuntimeFolder: RuntimeFolder {
    private let kept = Mutex<[RuntimeEntry]>([])

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
    }

    public func remove(processID: Int32) {
        kept.withLock { $0.removeAll { $0.processID == processID } }
    }

    public func entries() -> [RuntimeEntry] { kept.withLock { $0 } }
}
