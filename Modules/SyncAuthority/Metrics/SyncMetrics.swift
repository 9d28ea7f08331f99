import CoreMetrics
import Synchronization

/// The figures a sync server reports to whoever runs it (`moments serve`'s `GET /metrics`,
/// ADR 0034), recorded through swift-metrics into the backend the composition gives.
///
/// Every handle is made once, here, so recording is one call on a handle made in advance:
/// an atomic add for a counter or gauge, a histogram's own short lock, never a lookup in
/// a shared table, an allocation or a suspension on the intent path. (Refusal and failure
/// reasons get their counter on first use, under a lock that only those take.) A server
/// without metrics (the embedded default, the showcase) holds `nil` and pays nothing, not
/// even a clock read.
public final class SyncMetrics: Sendable {
    private let applied: Counter
    private let replayed: Counter
    private let staleVersion: Counter
    private let refused: ReasonCounters
    private let failed: ReasonCounters
    private let intentToCommit: CoreMetrics.Timer
    private let commitToPush: CoreMetrics.Timer
    private let commitDuration: CoreMetrics.Timer
    private let batchSize: Recorder
    private let writeConflicts: Counter
    private let openStreams: Meter
    private let activeActivities: Meter
    private let commitErrors: Counter
    private let readErrors: Counter
    private let keyRefusals: [Int: Counter]
    private let changeFeedLag: CoreMetrics.Timer
    private let exposition: @Sendable () -> [UInt8]

    /// The figures of ``catalog``, made by `factory`; `exposition` answers a scrape: the
    /// text the backend makes of them (Prometheus's text format for `moments serve`).
    public init(factory: any MetricsFactory, exposition: @escaping @Sendable () -> [UInt8]) {
        let intents = Names.intents
        applied = Counter(label: intents, dimensions: [("outcome", "applied")], factory: factory)
        replayed = Counter(label: intents, dimensions: [("outcome", "replayed")], factory: factory)
        staleVersion = Counter(label: intents, dimensions: [("outcome", "stale_version")], factory: factory)
        refused = ReasonCounters(label: intents, outcome: "refused", factory: factory)
        failed = ReasonCounters(label: intents, outcome: "failed", factory: factory)
        intentToCommit = CoreMetrics.Timer(label: Names.intentToCommit, factory: factory)
        commitToPush = CoreMetrics.Timer(label: Names.commitToPush, factory: factory)
        commitDuration = CoreMetrics.Timer(label: Names.commitDuration, factory: factory)
        batchSize = Recorder(label: Names.batchSize, aggregate: true, factory: factory)
        writeConflicts = Counter(label: Names.writeConflicts, factory: factory)
        openStreams = Meter(label: Names.openStreams, factory: factory)
        activeActivities = Meter(label: Names.activeActivities, factory: factory)
        commitErrors = Counter(label: Names.storageErrors, dimensions: [("operation", "commit")], factory: factory)
        readErrors = Counter(label: Names.storageErrors, dimensions: [("operation", "read")], factory: factory)
        keyRefusals = Dictionary(
            uniqueKeysWithValues: [401, 404, 429].map {
                ($0, Counter(label: Names.keyRefusals, dimensions: [("status", String($0))], factory: factory))
            })
        changeFeedLag = CoreMetrics.Timer(label: Names.changeFeedLag, factory: factory)
        self.exposition = exposition
    }

    /// What a scrape answers: every figure, as the backend writes them.
    public func exposed() -> [UInt8] {
        exposition()
    }

    // MARK: - Intents

    /// The instant a request arrived, for the latency recorded when it is answered.
    @inline(__always)
    public func start() -> ContinuousClock.Instant {
        .now
    }

    /// An intent decided and made durable: its outcome, and the time since `arrival`.
    func intentCommitted(_ outcome: IntentOutcome, since arrival: ContinuousClock.Instant?) {
        switch outcome {
        case .applied: applied.increment()
        case .refused(let code, _, _): refused.increment(code)
        case .staleVersion: staleVersion.increment()
        }
        if let arrival { intentToCommit.recordNanoseconds(Self.nanoseconds(since: arrival)) }
    }

    /// A retried intent given the answer it had the first time.
    func intentReplayed() {
        replayed.increment()
    }

    /// An intent answered with an error that is not the rules' refusal nor a stale version
    /// (those are `intentCommitted(_:since:)`'s): `code` is the error's, as answered.
    public func intentFailed(code: String) {
        failed.increment(code)
    }

    /// A conditional write lost to another server sharing the storage.
    func writeConflicted() {
        writeConflicts.increment()
    }

    // MARK: - Group commit

    /// A group commit of `requests` requests that the storage made durable in `duration`.
    func batchCommitted(requests: Int, in duration: Duration) {
        batchSize.record(requests)
        commitDuration.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// A batch's changes handed to every event stream, `durable` being when its commit was.
    func pushed(since durable: ContinuousClock.Instant) {
        commitToPush.recordNanoseconds(Self.nanoseconds(since: durable))
    }

    /// A storage operation that failed.
    func storageFailed(_ operation: StorageOperation) {
        switch operation {
        case .commit: commitErrors.increment()
        case .read: readErrors.increment()
        }
    }

    /// The storage operations whose failures are counted apart.
    enum StorageOperation {
        /// A group commit: nothing of it was applied, or its outcome is unknown.
        case commit
        /// A read on a request's way.
        case read
    }

    // MARK: - Streams, activities, keys, the change feed

    /// An event stream opened.
    public func streamOpened() {
        openStreams.increment()
    }

    /// An event stream closed.
    public func streamClosed() {
        openStreams.decrement()
    }

    /// How many activities have not ended, as counted for a scrape.
    func activeActivities(_ count: Int) {
        activeActivities.set(count)
    }

    /// A keyed server's refusal, answered with `status`; only 401, 404 and 429 are counted.
    public func keyRefused(status: Int) {
        keyRefusals[status]?.increment()
    }

    /// A change read from PostgreSQL's change log `seconds` after its transaction.
    public func changeFeedLagged(seconds: Double) {
        changeFeedLag.recordNanoseconds(Int64((max(0, seconds) * 1e9).rounded()))
    }

    // MARK: - Helpers

    private static func nanoseconds(since start: ContinuousClock.Instant) -> Int64 {
        nanoseconds(ContinuousClock.now - start)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// One counter per reason of an outcome (a refusal's code, an error's), each made the
/// first time its reason is met; the reasons are few and fixed by the code, so the set
/// stays small. Only those outcomes take its lock.
private final class ReasonCounters: Sendable {
    private let label: String
    private let outcome: String
    private let factory: any MetricsFactory
    private let counters = Mutex<[String: Counter]>([:])

    init(label: String, outcome: String, factory: any MetricsFactory) {
        self.label = label
        self.outcome = outcome
        self.factory = factory
    }

    func increment(_ reason: String) {
        let counter = counters.withLock { counters in
            if let counter = counters[reason] { return counter }
            let counter = Counter(label: label, dimensions: [("outcome", outcome), ("reason", reason)], factory: factory)
            counters[reason] = counter
            return counter
        }
        counter.increment()
    }
}
