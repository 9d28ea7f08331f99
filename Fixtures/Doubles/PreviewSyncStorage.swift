import Sync
import Synchronization

/// Sync storage in memory: for tests and the showcase, with a switch to make commits fail
/// the way a full disk does.
public final class PreviewSyncStorage: SyncStorage, Sendable {
    /// Why a commit failed on purpose.
    public struct InjectedFailure: Error, CustomStringConvertible {
        public var description: String { "no space left on device (injected)" }
    }

    private struct State {
        var records: [SyncRecord] = []
        var failuresLeft = 0
        var commits = 0
    }

    private let state = Mutex(State())

    /// Empty storage.
    public init() {}

    /// Storage already holding `records`, as after an earlier run.
    public init(records: [SyncRecord]) {
        state.withLock { $0.records = records }
    }

    /// Every committed record, in order.
    public var records: [SyncRecord] { state.withLock { $0.records } }

    /// How many batches were committed.
    public var commitCount: Int { state.withLock { $0.commits } }

    /// Makes the next `count` commits fail, keeping nothing of them.
    public func failNextCommits(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    public func load() throws -> [SyncRecord] { records }

    public func commit(_ batch: [SyncRecord]) throws {
        try state.withLock { state throws(InjectedFailure) in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw InjectedFailure()
            }
            state.records.append(contentsOf: batch)
            state.commits += 1
        }
    }
}
