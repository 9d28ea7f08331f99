#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncAuthority
import SyncProtocol
import Synchronization

/// Sync storage in memory: for tests and the showcase, with a switch to make commits fail
/// the way a full disk does. One writer, like the JSON files: its change feed is empty.
public final class PreviewSyncStorage: IndexedSyncStorage, Sendable {
    /// Why a commit failed on purpose.
    public struct InjectedFailure: Error, CustomStringConvertible {
        public var description: String { "no space left on device (injected)" }
    }

    private struct State {
        var index = ActivityIndex()
        var records: [SyncRecord] = []
        var failuresLeft = 0
        var commits = 0
    }

    private let state = Mutex(State())

    /// Empty storage.
    public init() {}

    /// Storage already holding the activities `records` fold into, as after an earlier run.
    public init(records: [SyncRecord]) {
        state.withLock {
            $0.index = ActivityIndex(SyncRecord.fold(records))
            $0.records = records
        }
    }

    /// Every committed change, in order: a record per new state (with the token when it
    /// made the activity, and the answers of the intents that made it) and one per write
    /// that only remembered answers. They fold back into the activities.
    public var records: [SyncRecord] { state.withLock { $0.records } }

    /// How many batches were committed.
    public var commitCount: Int { state.withLock { $0.commits } }

    /// Makes the next `count` commits fail, keeping nothing of them.
    public func failNextCommits(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    public func readIndex<Result: Sendable>(_ read: (ActivityIndex) -> Result) -> Result {
        state.withLock { read($0.index) }
    }

    public func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] {
        try state.withLock { state throws(InjectedFailure) in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw InjectedFailure()
            }
            let results = state.index.conditions(of: batch)
            state.index.apply(batch, results: results)
            for (write, result) in zip(batch, results) where result == .committed {
                state.records += Self.records(of: write)
            }
            state.commits += 1
            return results
        }
    }

    public func changes() -> AsyncStream<ActivitySnapshot> {
        AsyncStream { $0.finish() }
    }

    private static func records(of write: SyncWrite) -> [SyncRecord] {
        let stored = write.activity
        guard !write.changes.isEmpty else {
            let answers = stored.answers.filter { $0.outcome.snapshot.version == stored.snapshot.version }
            return [SyncRecord(snapshot: stored.snapshot, token: nil, answers: answers)]
        }
        // Each state carries the answers of the intents that made it (none for a clock rule).
        return write.changes.map { change in
            let made = write.expectedVersion == nil && change.version == 1
            let answers = stored.answers.filter { $0.outcome == .applied(change) }
            return SyncRecord(
                snapshot: change, token: made ? stored.token : nil, answers: answers,
                creation: made ? stored.creation : nil, owner: made ? stored.owner : nil)
        }
    }
}
