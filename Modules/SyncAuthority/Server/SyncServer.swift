import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The server of every activity in its storage: it applies intents through Domain's
/// `Domain.Transition` (by way of `SyncDecision`), gives each change the next version
/// and a timestamp that never goes back, makes it durable, and only then answers and
/// pushes the complete state to every subscriber.
///
/// Its memory is not the authority; the storage is (ADR 0022). Each request reads the
/// activity, decides, and writes the result on condition that the activity is still at
/// the version it read; when another server sharing the storage moved it first, the write
/// is a conflict and the request is decided again on what is there now. So any number of
/// servers may share one storage, and a server alone on its storage (the embedded default)
/// never meets a conflict.
///
/// Durability uses group commit: while one batch is being written, new writes queue up and
/// go together in the next, each answered only once its batch is durable, and pushes leave
/// in version order after that. On a storage that writes batches in order (the JSON files'),
/// the next batch is handed over while one is being written, and waits there behind it
/// (ADR 0049). A request that finds its activity in a queued or
/// unfinished batch decides on that state and joins the next batch, so intents on one busy
/// activity still go many to a batch. The actor owns all of it (ADR 0058): the group
/// commit's state (`CommitState`), the subscribers and the clock; an intent is read,
/// decided and queued in one turn on it, with nothing between that could let another
/// decision in, and each batch is finished in order. The clock rules (completion, the 8-hour end, going
/// stale, dismissal) run at the storage's next deadline, with the injected clock, and are
/// written and pushed like any other change; among servers sharing a storage, the
/// conditional write makes each happen once.
public actor SyncServer {
    /// How many times a request is decided again after a conflict before the server gives
    /// up and answers 503: only a storage under a storm of writes to one activity gets there.
    static let decisionAttempts = 32

    /// How long a batch waits at most, by default, for the requests the last batch
    /// answered (ADR 0043): what its figures were measured with.
    public static let standardLongestBatchWait: Duration = .milliseconds(1)
    /// How long after one count of a group sit's presence the next may come (ADR 0073):
    /// followers who join within it are counted together at its end.
    public static let presenceSpacing: TimeInterval = PresenceLedger.spacing

    let storage: any SyncStorage
    /// The same storage when it keeps everything committed in memory (``IndexedSyncStorage``,
    /// the JSON files'): a decision reads it in place, under the index's lock, instead of leaving the
    /// actor for an `async` read and coming back (two task switches per intent, ADR 0043).
    let memoryIndex: (any IndexedSyncStorage)?
    let clock: any SyncClock
    /// Told of each committed change before it is answered and pushed.
    let observer: (any DurableChangeObserver)?
    /// Where the server's figures go (`moments serve`'s `/metrics`); `nil`: none are taken.
    public nonisolated let metrics: SyncMetrics?
    private let makeToken: @Sendable () -> String
    private let makeID: @Sendable () -> String

    /// The group commit's state: the writes queued and in flight, and the activities the
    /// next decision must see as they will be (ADR 0058).
    var commits: CommitState
    /// Batches whose storage answered while an older one is still in flight: finished
    /// once every batch before them is, so that answers and pushes keep the batches' order.
    var returnedEarly: [UInt64: ReturnedBatch] = [:]
    /// How many batches may be with the storage at once (``CommitState/inFlight``).
    let commitDepth: Int

    var subscribers: [String: ActivitySubscribers] = [:]
    /// The subscribers of people's sessions (``subscribeToSessions(ownedBy:sink:)``).
    var sessionSubscribers: [UUID: SessionsSubscriber] = [:]
    /// The owner of each activity a session watcher may need to be told of (`.some(nil)`:
    /// made without a key), learnt from this server's writes and reads; forgotten at the dismissal.
    var knownOwners: [String: String?] = [:]
    /// The storage's change feed, heard from the server's making on, so that nothing
    /// committed elsewhere before its first subscriber is lost; ``run()`` takes it in.
    let feedChanges: AsyncStream<ActivitySnapshot>
    /// This server among those sharing the storage, in its records of who follows a sit.
    let presenceID = UUID()
    /// When each group sit is counted next (ADR 0073).
    var presence = PresenceLedger()
    /// The deadline the running clock sleeps until (``run()``).
    var scheduledDeadline: Date?
    /// Wakes the running clock when ``scheduledDeadline`` moves; `nil` while it is not asleep.
    var clockMoved: AsyncStream<Void>.Continuation?
    /// Whether ``run()`` was called: it runs once.
    var hasRun = false
    var isShutDown = false
    /// After a failed commit, the clock rules wait until this instant before trying
    /// again, so a storage that keeps failing is not retried in a tight loop.
    var notBefore: Date?

    /// A server over `storage`, telling `observer` of each change once it is durable and
    /// `metrics` of its figures. It reads nothing yet: its owner calls ``tick()`` once it
    /// is up, which catches up on what came due while no server ran, and ``run()`` for the
    /// clock rules and the change feed.
    ///
    /// A batch waits at most `longestBatchWait` for the requests the last batch answered to
    /// come back (ADR 0043), and never longer than the last commit took; zero: a batch
    /// begins with whatever is queued.
    public init(
        storage: any SyncStorage,
        clock: any SyncClock = SystemClock(),
        observer: (any DurableChangeObserver)? = nil,
        metrics: SyncMetrics? = nil,
        longestBatchWait: Duration = SyncServer.standardLongestBatchWait,
        makeToken: @escaping @Sendable () -> String = SecureToken.make,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.storage = storage
        self.feedChanges = storage.changes()
        self.commits = CommitState(gathering: BatchGathering(longestWait: longestBatchWait))
        self.memoryIndex = storage as? any IndexedSyncStorage
        self.commitDepth = storage.commitsInOrder ? 2 : 1
        self.clock = clock
        self.observer = observer
        self.metrics = metrics
        self.makeToken = makeToken
        self.makeID = makeID
    }

    // MARK: - Requests

    /// Starts a new activity and answers its id, token and first state (version 1, `start`).
    ///
    /// With an idempotency key, a creation retried after its answer was lost is answered
    /// with the activity the key already made (its current state, `isReplay` set), also
    /// after a restart or through another server, and never makes a second one.
    ///
    /// On a shared server, `owner` is the id of the person's access key that asks: the activity is
    /// theirs (kept durably with it), `liveLimit` caps how many of theirs may be live, and
    /// `groupLimit` how many group sits of theirs may have open channels.
    ///
    /// - Throws: `SyncError.idempotencyKeyReused` when the key already made an activity
    ///   with other attributes, `show_seconds`, client or owner; `SyncError.tooManyRequests(retryAfter:reason:)`
    ///   when the owner already has `liveLimit` live activities, or `groupLimit` open
    ///   channels for a group sit. Nothing is created then.
    public func create(
        _ attributes: SessionAttributes, showSeconds: Bool = true, clientID: String = "",
        idempotencyKey: IdempotencyKey? = nil, owner: String? = nil, liveLimit: Int? = nil, groupLimit: Int? = nil
    ) async throws(SyncError) -> CreatedActivity {
        guard !isShutDown else { throw .unavailable }
        let creation = idempotencyKey.map {
            ActivityCreation(key: $0, clientID: clientID, attributes: attributes, showSeconds: showSeconds)
        }
        for _ in 0..<Self.decisionAttempts {
            if let idempotencyKey, let creation, let made = try await activity(createdWith: idempotencyKey) {
                return try await replay(creation, key: idempotencyKey, of: made.snapshot.id, owner: owner)
            }
            if let owner, let liveLimit { try await refusePastLiveLimit(owner: owner, limit: liveLimit) }
            if let owner, let groupLimit, attributes.isGroup { try await refusePastGroupLimit(owner: owner, limit: groupLimit) }
            let id = makeID()
            let token = makeToken()
            // A group sit's channel opens with it (ADR 0072).
            let followCode = attributes.isGroup ? SecureToken.makeFollowCode() : nil
            let stored = try SyncDecision.create(
                attributes, showSeconds: showSeconds, id: id,
                token: try KeptToken(token, sealedWith: idempotencyKey, activityID: id), creation: creation, owner: owner,
                followCode: try followCode.map { (code) throws(SyncError) in
                    try KeptToken(code, sealedWith: idempotencyKey, activityID: id)
                },
                at: clock.now())
            let decided = try await deciding { (state, waiting) throws(SyncError) in
                // Another request with the same key may have queued its creation meanwhile.
                if let idempotencyKey, state.queuedCreation(idempotencyKey) != nil { return }
                state.queue(stored, changes: [stored.snapshot], base: nil, for: waiting(()))
                startCommitIfIdle(&state)
            }
            if case .written(_, .committed) = decided {
                return CreatedActivity(id: id, token: token, state: stored.snapshot, followCode: followCode)
            }
            // A conflict: the key was taken by another server's creation; answer with that one.
        }
        throw .unavailable
    }

    /// Answers a creation whose key already made the activity `id`: once that creation is
    /// durable, with the activity's current durable state and its token (kept whole, or
    /// unsealed with `key`), if the request is the same. A token sealed the legacy way is
    /// sealed again the current way first (ADR 0024).
    private func replay(
        _ creation: ActivityCreation, key: IdempotencyKey, of id: String, owner: String?
    ) async throws(SyncError) -> CreatedActivity {
        // As for a retried intent: the first answer is given again only once it is durable.
        try await waitUntilDurable()
        guard let stored = try await committedActivity(id) else { throw .unavailable }
        guard stored.creation == creation, stored.owner == owner else { throw .idempotencyKeyReused }
        guard let token = stored.token.revealed(with: key, activityID: id) else {
            throw .storageFailed("the token of activity \(id) cannot be unsealed with its creation's key")
        }
        if let resealed = try? stored.token.resealed(with: key, activityID: id) {
            await rewrite(stored, token: resealed)
        }
        return CreatedActivity(
            id: id, token: token, state: stored.snapshot, isReplay: true,
            followCode: stored.followCode?.revealed(with: key, activityID: id))
    }

    /// Writes `stored` again with its token in the form `token`, through the ordinary
    /// conditional write: at the version it was read at, changing no state and giving no
    /// answer. Only when this server has nothing pending on the activity (a queued write
    /// would otherwise take this one's place), and only while the activity is still at
    /// that version, so it never undoes a change. When it does not happen, or fails, the
    /// token keeps its old form, which still reads, and the next retry tries again.
    private func rewrite(_ stored: StoredActivity, token: KeptToken) async {
        var rewritten = stored
        rewritten.token = token
        _ = try? await deciding { (state, waiting) throws(SyncError) in
            guard state.unfinished[stored.snapshot.id] == nil else { return }
            state.queue(rewritten, changes: [], base: stored.snapshot.version, for: waiting(()))
            startCommitIfIdle(&state)
        }
    }

    /// Applies an intent and answers the state after it. A retried intent (same client and
    /// intent id) gets the answer it had the first time, also after a restart, and also
    /// from another server sharing the storage.
    ///
    /// - Throws: `SyncError.refused(code:message:current:)` when the rules refuse it,
    ///   `SyncError.staleVersion(expected:current:)` when its expected version moved on,
    ///   and the authorisation and storage errors.
    public func send(
        _ request: IntentRequest, to id: String, token: String?
    ) async throws(SyncError) -> ActivitySnapshot {
        let arrival = metrics?.start()
        let presented = token.map(PresentedToken.init)
        for _ in 0..<Self.decisionAttempts {
            let committed = try await committedBeforeDeciding(id, answering: request.key)
            let decided = try await deciding { (state, waiting) throws(SyncError) in
                try decide(request, to: id, token: presented, committed: committed, in: &state, waiting: waiting)
            }
            switch decided {
            case .notQueued(.notFound):
                throw .notFound(id: id)
            case .notQueued(.replay):
                // The first answer is given again only once it is durable: wait for what
                // is pending, then read it as committed (a conflict may have undone it).
                try await waitUntilDurable()
                if let answer = try await committedActivity(id, answering: request.key)?.answer(for: request.key) {
                    metrics?.intentReplayed()
                    return try answer.outcome.result()
                }
            case .notQueued:
                // Read again: what it was to be decided on is no longer pending.
                continue
            case .written(.queued(let answer), .committed):
                metrics?.intentCommitted(answer.outcome, since: arrival)
                return try answer.outcome.result()
            case .written:
                metrics?.writeConflicted()
            }
        }
        throw .unavailable
    }

    /// ``send(_:to:token:)`` of a request read before it was authorised: one that could
    /// not be read is refused with its error only once its activity and token passed, so a
    /// stranger learns nothing from the parsing.
    package func send(
        _ request: Result<IntentRequest, any Error>, to id: String, token: String?
    ) async throws -> ActivitySnapshot {
        switch request {
        case .success(let request):
            return try await send(request, to: id, token: token)
        case .failure(let error):
            _ = try await authorize(id, token)
            throw error
        }
    }

    /// Every activity, active ones first, without tokens.
    public func list() async throws(SyncError) -> [ActivitySummary] {
        let now = clock.now()
        return try await committedActivities(ownedBy: nil).map { ActivitySummary($0.snapshot, at: now) }
            .sorted(by: ActivitySummary.listingOrder)
    }

    /// An activity's current durable state.
    public func snapshot(of id: String) async throws(SyncError) -> ActivitySnapshot {
        guard let stored = try await committedActivity(id) else { throw .notFound(id: id) }
        return stored.snapshot
    }

    /// Stops taking requests, ends every event stream and the run (``run()``); changes
    /// already accepted are still made durable.
    public func shutdown() {
        isShutDown = true
        commits.isClosed = true
        scheduledDeadline = nil
        clockMoved?.finish()
        for id in subscribers.keys { subscribers[id]?.finish() }
        subscribers = [:]
        finishSessionsSubscribers()
    }

    // MARK: - Reading

    /// The activity as the next decision on it must see it (with its answer to `key`, if
    /// it has one): with its unfinished writes, else as committed.
    ///
    /// An unfinished copy may lack an answer another server gave to `key` (a storage may
    /// leave out answers it was not asked for); the storage then counts the write that
    /// would answer `key` again a conflict, and the request is decided again on a new read.
    func current(_ id: String, answering key: IntentKey? = nil) async throws(SyncError) -> StoredActivity? {
        if let pending = commits.unfinished[id] { return pending }
        let committed = try await committedActivity(id, answering: key)
        // A write may have been queued while the storage answered; it is newer.
        return commits.unfinished[id] ?? committed
    }

    /// The activity as committed, read before a decision (``current(_:committed:in:)``):
    /// `nil` when the decision reads it itself, from the memory index, or when a write of
    /// it is pending here.
    func committedBeforeDeciding(
        _ id: String, answering key: IntentKey? = nil
    ) async throws(SyncError) -> StoredActivity?? {
        guard memoryIndex == nil, commits.unfinished[id] == nil else { return nil }
        return .some(try await committedActivity(id, answering: key))
    }

    /// In a decision: the activity as the next decision on it must see it, with its
    /// unfinished writes, else as committed: from the memory index, else as `committed` read
    /// it before the decision. `nil` when it was not read, and must be.
    nonisolated func current(_ id: String, committed: StoredActivity??, in state: borrowing CommitState) -> StoredActivity?? {
        if let pending = state.unfinished[id] { return .some(pending) }
        if let memoryIndex { return .some(memoryIndex.readIndex { $0.activity(id) }) }
        return committed
    }

    /// The activity as committed; with the answer to `key`, if it has one.
    nonisolated func committedActivity(_ id: String, answering key: IntentKey? = nil) async throws(SyncError) -> StoredActivity? {
        if let memoryIndex { return memoryIndex.readIndex { $0.activity(id) } }
        do {
            return try await storage.activity(id, answering: key)
        } catch {
            metrics?.storageFailed(.read)
            throw .storageFailed(String(describing: error))
        }
    }

    /// The activity a keyed creation made: a queued one, else as committed.
    private func activity(createdWith key: IdempotencyKey) async throws(SyncError) -> StoredActivity? {
        if let queued = commits.queuedCreation(key) { return queued }
        do {
            return try await storage.activity(createdWith: key)
        } catch {
            metrics?.storageFailed(.read)
            throw .storageFailed(String(describing: error))
        }
    }

    func committedActivities(ownedBy owner: String?) async throws(SyncError) -> [StoredActivity] {
        do {
            return try await storage.activities(ownedBy: owner)
        } catch {
            metrics?.storageFailed(.read)
            throw .storageFailed(String(describing: error))
        }
    }

    // MARK: - Rules

    /// Refuses a missing token (401), a group sit's follow code (403: a follower changes
    /// nothing) or a wrong one (403, compared in constant time).
    static func authorize(_ stored: StoredActivity, _ token: String?) throws(SyncError) {
        try authorize(stored, token.map(PresentedToken.init))
    }

    /// ``authorize(_:_:)-(_,String?)`` of a token hashed beforehand: all that is left is
    /// a comparison, cheap enough for a decision's turn on the actor.
    static func authorize(_ stored: StoredActivity, _ token: PresentedToken?) throws(SyncError) {
        guard let token, !token.isEmpty else { throw .missingToken }
        guard stored.token.admits(token) else {
            if stored.followCode?.admits(token) == true { throw .followerOnly }
            throw .wrongToken
        }
    }

    /// Refuses a follower of a group sit whose code is missing (401) or wrong (403), or
    /// whose channel is closed at `now` (403: revoked, or the sit dismissed).
    static func admitFollower(_ stored: StoredActivity, _ code: String, at now: Date) throws(SyncError) {
        guard !code.isEmpty else { throw .missingToken }
        guard let followCode = stored.followCode, followCode.admits(code) else { throw .wrongToken }
        guard stored.snapshot.activity.isFollowable(at: now) else {
            throw .channelClosed(revoked: stored.snapshot.activity.lifecycle.codeRevokedAt != nil)
        }
    }

    /// Refuses an unknown activity (404), a missing token (401) or a wrong one (403).
    func authorize(_ id: String, _ token: String?) async throws(SyncError) -> StoredActivity {
        guard let stored = try await current(id) else { throw .notFound(id: id) }
        try Self.authorize(stored, token)
        return stored
    }
}
