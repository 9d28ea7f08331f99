#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// Where the server's activities live, shaped so that any number of servers can share
/// one (ADR 0022). Sync declares what it needs; the JSON-file adapter is the
/// SyncJSONStore module, the PostgreSQL one SyncPostgres, an in-memory one is in Fixtures.
///
/// No server's memory is the authority: a server reads an activity, decides its next state
/// with ``SyncDecision`` (the same pure function whatever the backend), and asks the
/// storage to write it only if the activity is still at the version it read
/// (``SyncWrite/expectedVersion``), together with the intent's answer. A write that finds
/// the activity moved on is a ``SyncWriteResult/conflict``: the server reads again and
/// decides again. Every change any server commits comes back on ``changes()``, which is how
/// a server's subscribers hear of what another server did.
public protocol SyncStorage: Sendable {
    /// The activity `id` as committed (with its token, owner and remembered answers), or
    /// `nil` when there is none.
    func activity(_ id: String) async throws -> StoredActivity?

    /// The activity `id` as committed, as a decision on the intent `key` needs it: with
    /// the answer it remembers for that intent, if any. A storage that keeps answers apart
    /// may leave out the others, which such a decision does not read, and with `key`
    /// `nil` all of them: a read, a subscription or a clock rule needs none. Such a
    /// storage takes the answers to write from ``SyncWrite/answers``. The default answers
    /// ``activity(_:)``, every answer included.
    func activity(_ id: String, answering key: IntentKey?) async throws -> StoredActivity?

    /// The activity that the keyed creation `key` made, as committed, or `nil`.
    func activity(createdWith key: IdempotencyKey) async throws -> StoredActivity?

    /// Every activity as committed, or only those of the person's access key `owner`: what a
    /// listing shows.
    func activities(ownedBy owner: String?) async throws -> [StoredActivity]

    /// How many of `owner`'s activities have not ended, as committed.
    func liveCount(ownedBy owner: String) async throws -> Int

    /// The ids of the activities whose next clock rule (`ActivitySnapshot.nextRuleDeadline`)
    /// is due at `instant`, at most `limit` of them, earliest first.
    func due(at instant: Date, limit: Int) async throws -> [String]

    /// The earliest clock-rule deadline of any activity, passed or not; `nil` when no
    /// activity has one.
    func nextDeadline() async throws -> Date?

    /// Makes a batch of writes durable, together: each only if its condition still holds,
    /// the others regardless of it. A batch holds at most one write per activity: the
    /// server joins the decisions on one activity into one write. Answers one result per
    /// write, in order, and only once every committed write is durable. A throw means none
    /// of the batch may be relied on.
    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult]

    /// Whether the storage writes batches one after another, in the order ``commit(_:)``
    /// was called, each one's conditions checked against every batch before it: then the
    /// server hands it the next batch while one is being written, and the next batch's
    /// write waits for the first's, not for its answer to come back (ADR 0049). A batch
    /// whose predecessor failed finds its conditions on the failed writes' activities
    /// unmet. The default is `false`: a batch begins once the last one was answered.
    var commitsInOrder: Bool { get }

    /// The changes committed from now on, by this server or any other sharing the storage,
    /// each activity's in version order. A storage with one writer may leave out what this
    /// server committed itself, which the server pushes on its own. The stream ends when
    /// the storage closes.
    func changes() -> AsyncStream<ActivitySnapshot>

    /// The storage's own work while a server runs on it (`SyncServer.run()` runs it as a
    /// child), until the task is cancelled: a shared database's change feed, which reads
    /// what other servers commit into ``changes()``. It runs once; a second call returns at
    /// once. The default, for a storage with no work of its own, returns at once.
    func run() async

    /// `nil` when the storage can be read and written now, else why not, in words an
    /// operator can act on: what `/readyz` answers (ADR 0027). Answers within a second or
    /// two, also while the storage is down. The default, for a storage in this process's
    /// own files, is `nil`.
    func unavailability() async -> String?

    /// Records who follows the group sit `id` through the server `server` now, `sitters`
    /// (each person once, by the opaque id their surfaces send; empty: nobody any more),
    /// and answers how many distinct people follow it through every server sharing the
    /// storage whose record is fresh at `now` (ADR 0073). The default, for a storage with
    /// one server, answers `sitters.count`.
    func count(_ sitters: Set<String>, following id: String, through server: UUID, at now: Date) async throws -> Int

    /// How long a server's record of its followers (``count(_:following:through:at:)``)
    /// counts after it was written: a server keeps its records fresh by writing them again
    /// well within it, so that those of a server that stopped drop out. `nil`, the default:
    /// a storage with one server, whose count is its own.
    var presenceLifetime: Duration? { get }
}

extension SyncStorage {
    /// Always ready: a storage in this process's own files has no outage to report apart
    /// from each write's own error.
    public func unavailability() async -> String? { nil }

    /// No work of its own: the storage's files are written by the calls alone.
    public func run() async {}

    /// One server: the people it counts are all there are.
    public func count(_ sitters: Set<String>, following id: String, through server: UUID, at now: Date) async throws -> Int {
        sitters.count
    }

    /// One server: its count never goes stale.
    public var presenceLifetime: Duration? { nil }

    /// One batch at a time: a storage says so when it commits in order.
    public var commitsInOrder: Bool { false }

    /// The activity with every answer it remembers: ``activity(_:)``.
    public func activity(_ id: String, answering key: IntentKey?) async throws -> StoredActivity? {
        try await activity(id)
    }
}

/// One conditional write: an activity's next state, and the answers that moved it there.
public struct SyncWrite: Sendable, Hashable {
    /// The version the storage must still hold for the write to apply; `nil` for a creation,
    /// which applies only when neither its id nor its creation key is already there.
    public let expectedVersion: UInt64?
    /// The activity after the write: its latest snapshot, token, owner, creation and the
    /// answers it remembers (those it was read with, and ``answers``).
    public let activity: StoredActivity
    /// Each state the write makes, oldest first (consecutive versions after
    /// ``expectedVersion``): what the change feed carries and the history records.
    /// Empty when the write only remembers answers (a refusal or a no-op).
    public let changes: [ActivitySnapshot]
    /// The answers the write gives: those of the intents decided into it, oldest first
    /// (also in ``activity``'s remembered answers). A storage that keeps answers apart
    /// from the activity writes these, and counts the write a conflict when one of their
    /// intents already has an answer there: another server answered it first.
    public let answers: [StoredAnswer]

    /// A write.
    public init(expectedVersion: UInt64?, activity: StoredActivity, changes: [ActivitySnapshot], answers: [StoredAnswer]) {
        self.expectedVersion = expectedVersion
        self.activity = activity
        self.changes = changes
        self.answers = answers
    }

    /// The activity's id.
    public var id: String { activity.snapshot.id }
}

/// How one write of a batch went.
public enum SyncWriteResult: Sendable, Hashable {
    /// It is durable.
    case committed
    /// Its condition no longer held (the activity moved on, or a creation's id or key was
    /// taken): nothing of it was written.
    case conflict
}
