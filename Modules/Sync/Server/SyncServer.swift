import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one source of truth for every activity: it applies intents through Domain's
/// ``Domain/Transition``, gives each change the next version and a timestamp that never
/// goes back, makes it durable, and only then answers and pushes the complete state to
/// every subscriber.
///
/// An actor, so two intents never interleave: between reading an activity and writing its
/// next state nothing suspends. Durability uses group commit: while one batch is being
/// written, new changes queue up and go together in the next, each answered only once its
/// batch is durable, and pushes leave in version order after that. The clock rules
/// (completion, the 8-hour end, going stale, dismissal) run at each activity's next
/// deadline with the injected clock, and are pushed like any other change.
public actor SyncServer {
    private let storage: any SyncStorage
    let clock: any SyncClock
    private let makeToken: @Sendable () -> String
    private let makeID: @Sendable () -> String

    /// Every activity, including changes not yet durable.
    private(set) var activities: [String: StoredActivity]
    /// Every activity as the storage has it: what is listed and pushed.
    private(set) var durable: [String: StoredActivity]
    /// When each activity in ``activities`` next needs its clock rules. Kept as each one
    /// changes, so a change works out only its own deadline; dismissed activities (most of
    /// them, over a server's life) never change again and have none.
    private var deadlines: [String: Date]
    /// Which activity each idempotency key made, including creations not yet durable.
    private var creations: CreationIndex
    private var subscribers: [String: Broadcast<ActivitySnapshot>] = [:]

    private var pending: [SyncRecord] = []
    private var pendingPushes: [ActivitySnapshot] = []
    private var pendingWaiters: [CheckedContinuation<Void, any Error>] = []
    private var committing = false
    private var deadlineTask: Task<Void, Never>?
    private var isShutDown = false
    /// After a failed commit, the clock rules wait until this instant before trying
    /// again, so a storage that keeps failing is not retried in a tight loop.
    private var notBefore: Date?

    /// A server over `storage`, whose committed records it reads back now.
    public init(
        storage: any SyncStorage,
        clock: any SyncClock = SystemClock(),
        makeToken: @escaping @Sendable () -> String = SecureToken.make,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) throws {
        self.storage = storage
        self.clock = clock
        self.makeToken = makeToken
        self.makeID = makeID
        let restored = SyncRecord.fold(try storage.load())
        activities = restored
        durable = restored
        deadlines = restored.compactMapValues(\.snapshot.nextRuleDeadline)
        creations = CreationIndex(restored)
    }

    // MARK: - Requests

    /// Starts a new activity and answers its id, token and first state (version 1, `start`).
    ///
    /// With an idempotency key, a creation retried after its answer was lost is answered
    /// with the activity the key already made (its current state, `isReplay` set), also
    /// after a restart, and never makes a second one.
    ///
    /// On a shared server, `owner` is the id of the person's key that asks: the activity is
    /// theirs (kept durably with it), and `liveLimit` caps how many of theirs may be live.
    ///
    /// - Throws: ``SyncError/idempotencyKeyReused`` when the key already made an activity
    ///   with other attributes, `show_seconds`, client or owner; ``SyncError/tooManyRequests(retryAfter:reason:)``
    ///   when the owner already has `liveLimit` live activities. Nothing is created then.
    public func create(
        _ attributes: SessionAttributes, showSeconds: Bool = true, clientID: String = "",
        idempotencyKey: IdempotencyKey? = nil, owner: String? = nil, liveLimit: Int? = nil
    ) async throws(SyncError) -> CreatedActivity {
        guard !isShutDown else { throw .unavailable }
        let creation = idempotencyKey.map {
            ActivityCreation(key: $0, clientID: clientID, attributes: attributes, showSeconds: showSeconds)
        }
        if let creation, let id = creations[creation.key] { return try await replay(creation, of: id, owner: owner) }
        if let owner, let liveLimit { try refusePastLiveLimit(owner: owner, limit: liveLimit) }
        let now = clock.now()
        let activity: Activity
        do {
            activity = try Transition.apply(.start(attributes, showSeconds: showSeconds), to: nil, at: now)
        } catch {
            throw .badRequest(error.description)
        }
        let id = makeID()
        let token = makeToken()
        let snapshot = ActivitySnapshot(id: id, version: 1, timestamp: now, event: .start, activity: activity)
        store(StoredActivity(snapshot: snapshot, token: token, creation: creation, owner: owner), as: id)
        if let creation { creations.insert(creation.key, madeActivity: id) }
        try await commit(
            SyncRecord(snapshot: snapshot, token: token, answers: [], creation: creation, owner: owner), push: snapshot)
        scheduleDeadlines()
        return CreatedActivity(id: id, token: token, state: snapshot)
    }

    /// Answers a creation whose key already made the activity `id`: once that creation is
    /// durable, with the activity's current durable state, if the request is the same.
    private func replay(_ creation: ActivityCreation, of id: String, owner: String?) async throws(SyncError) -> CreatedActivity {
        // As for a retried intent: the first answer is given again only once it is durable.
        try await commit(nil, push: nil)
        // Had that creation failed to be durable, the wait above would have thrown.
        guard let stored = durable[id] else { throw .unavailable }
        guard stored.creation == creation, stored.owner == owner else { throw .idempotencyKeyReused }
        return CreatedActivity(id: id, token: stored.token, state: stored.snapshot, isReplay: true)
    }

    /// Applies an intent and answers the state after it. A retried intent (same client and
    /// intent id) gets the answer it had the first time, also after a restart.
    ///
    /// - Throws: ``SyncError/refused(code:message:current:)`` when the rules refuse it,
    ///   ``SyncError/staleVersion(expected:current:)`` when its expected version moved on,
    ///   and the authorisation and storage errors.
    public func send(_ request: IntentRequest, to id: String, token: String?) async throws(SyncError) -> ActivitySnapshot {
        guard !isShutDown else { throw .unavailable }
        try authorize(id, token)
        if let answer = activities[id]?.answer(for: request.key) {
            // The first answer is given again only once it is durable.
            try await commit(nil, push: nil)
            return try answer.outcome.result()
        }

        // From here to the commit nothing suspends: read, decide, write.
        let now = clock.now()
        advanceClockRules(of: id, at: now)
        guard var stored = activities[id] else { throw .notFound(id: id) }
        let current = stored.snapshot
        let outcome: IntentOutcome
        if let expected = request.expectedVersion, expected != current.version {
            outcome = .staleVersion(expected: expected, current: current)
        } else {
            do {
                let next = try Transition.apply(request.intent, to: current.activity, at: now)
                if next == current.activity {
                    outcome = .applied(current)
                } else {
                    outcome = .applied(ActivitySnapshot(
                        id: id, version: current.version + 1, timestamp: max(now, current.timestamp),
                        event: next.content.isEnded ? .end : .update, activity: next))
                }
            } catch {
                outcome = .refused(code: error.code, message: error.description, current: current)
            }
        }
        let answer = StoredAnswer(key: request.key, outcome: outcome)
        let changed = outcome.snapshot.version != current.version
        stored.snapshot = outcome.snapshot
        stored.remember(answer)
        store(stored, as: id)

        try await commit(
            SyncRecord(snapshot: outcome.snapshot, token: nil, answers: [answer]),
            push: changed ? outcome.snapshot : nil)
        if changed { scheduleDeadlines() }
        return try outcome.result()
    }

    /// Every activity, active ones first, without tokens.
    public func list() -> [ActivitySummary] {
        let now = clock.now()
        return durable.values.map { ActivitySummary($0.snapshot, at: now) }.sorted(by: ActivitySummary.listingOrder)
    }

    /// An activity's current durable state.
    public func snapshot(of id: String) throws(SyncError) -> ActivitySnapshot {
        guard let stored = durable[id] else { throw .notFound(id: id) }
        return stored.snapshot
    }

    /// The pushes of one activity: first its current state (unless `lastEventID` already
    /// has it), then every change, in version order; it finishes after the dismissal or
    /// when the server shuts down. Only durable states are ever pushed.
    public func subscribe(to id: String, token: String?, after lastEventID: UInt64? = nil) throws(SyncError) -> AsyncStream<ActivitySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivitySnapshot.self, bufferingPolicy: .bufferingNewest(256))
        if let key = try attach(to: id, token: token, after: lastEventID, sink: Broadcast.Sink(continuation) { $0 }) {
            // Nobody holds the stream yet, so it cannot have ended before this is set.
            continuation.onTermination = { [weak self] _ in Task { await self?.detach(key, from: id) } }
        }
        return stream
    }

    /// Adds a receiver of an activity's pushes, as ``subscribe(to:token:after:)`` describes
    /// them, called on this actor in version order. The key detaches it; `nil` when the
    /// activity was already dismissed, and the sink already finished.
    func attach(
        to id: String, token: String?, after lastEventID: UInt64?, sink: Broadcast<ActivitySnapshot>.Sink
    ) throws(SyncError) -> UUID? {
        guard !isShutDown else { throw .unavailable }
        try authorize(id, token)
        // Only durable states are pushed; one created but not yet durable comes when it is.
        if let current = durable[id]?.snapshot, lastEventID.map({ current.version > $0 }) ?? true {
            sink.yield(current)
        }
        if durable[id]?.snapshot.event == .dismiss {
            sink.finish()
            return nil
        }
        return subscribers[id, default: Broadcast()].add(sink)
    }

    /// Removes a receiver added by ``attach(to:token:after:sink:)``.
    func detach(_ key: UUID, from id: String) {
        subscribers[id]?.remove(key)
        if subscribers[id]?.count == 0 { subscribers[id] = nil }
    }

    /// Stops taking requests and ends every event stream; changes already accepted are
    /// still made durable.
    public func shutdown() {
        isShutDown = true
        deadlineTask?.cancel()
        deadlineTask = nil
        for id in subscribers.keys { subscribers[id]?.finish() }
        subscribers = [:]
    }

    /// Runs the clock rules for every activity now, waits until what they changed is
    /// durable and pushed, and schedules the next run. The server does this by itself at
    /// each deadline; its owner calls it once after start-up, so that deadlines that passed
    /// while the server was down are caught up at once.
    public func tick() async {
        guard !isShutDown else { return }
        let now = clock.now()
        // Dismissed activities have no deadline and no rule left to run.
        for id in deadlines.keys { advanceClockRules(of: id, at: now) }
        scheduleDeadlines()
        // A failed commit has already been answered and forgotten; the next tick retries.
        try? await commit(nil, push: nil)
    }

    /// How many subscribers an activity has (for tests and diagnostics).
    public func subscriberCount(of id: String) -> Int { subscribers[id]?.count ?? 0 }

    // MARK: - Rules

    /// Refuses an unknown activity (404), a missing token (401) or a wrong one (403,
    /// compared in constant time).
    func authorize(_ id: String, _ token: String?) throws(SyncError) {
        guard let stored = activities[id] else { throw .notFound(id: id) }
        guard let token, !token.isEmpty else { throw .missingToken }
        guard SecureToken.matches(token, stored.token) else { throw .wrongToken }
    }

    /// Applies the clock rules to one activity, queuing each change (without waiting for
    /// it): completion or the 8-hour end, then the dismissal, or going stale.
    private func advanceClockRules(of id: String, at now: Date) {
        for _ in 0..<3 {
            guard var stored = activities[id], stored.snapshot.event != .dismiss else { return }
            let snapshot = stored.snapshot
            let advanced = Transition.advance(snapshot.activity, to: now)
            let event: ActivityEvent
            if advanced != snapshot.activity {
                event = .end
            } else {
                switch advanced.status(at: now) {
                case .dismissed:
                    event = .dismiss
                case .stale where snapshot.staleNotYetPushed:
                    event = .update
                case .active, .stale, .ended:
                    return
                }
            }
            let next = ActivitySnapshot(
                id: id, version: snapshot.version + 1, timestamp: max(now, snapshot.timestamp), event: event,
                activity: advanced)
            stored.snapshot = next
            store(stored, as: id)
            pending.append(SyncRecord(snapshot: next, token: nil, answers: []))
            pendingPushes.append(next)
        }
    }

    // MARK: - Deadlines

    /// Puts an activity's new state in place, and its next deadline beside it.
    private func store(_ stored: StoredActivity, as id: String) {
        activities[id] = stored
        deadlines[id] = stored.snapshot.nextRuleDeadline
    }

    private func scheduleDeadlines() {
        deadlineTask?.cancel()
        deadlineTask = nil
        guard !isShutDown, var next = deadlines.values.min() else { return }
        if let notBefore, notBefore > next { next = notBefore }
        let clock = self.clock
        deadlineTask = Task { [weak self] in
            do { try await clock.sleep(until: next) } catch { return }
            await self?.tick()
        }
    }

    // MARK: - Group commit

    /// Queues a record (or nothing, to wait for what is queued) and returns once it and
    /// everything before it is durable; its push leaves then.
    private func commit(_ record: SyncRecord?, push: ActivitySnapshot?) async throws(SyncError) {
        if let record { pending.append(record) }
        if let push { pendingPushes.append(push) }
        if record == nil, pending.isEmpty, !committing { return }
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                pendingWaiters.append(continuation)
                startCommitIfIdle()
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .storageFailed(String(describing: error))
        }
    }

    private func startCommitIfIdle() {
        guard !committing, !pending.isEmpty || !pendingWaiters.isEmpty else { return }
        committing = true
        let batch = pending
        let pushes = pendingPushes
        let waiters = pendingWaiters
        pending = []
        pendingPushes = []
        pendingWaiters = []
        let storage = self.storage
        Task {
            let result = await storage.commitOffThePool(batch)
            self.finishCommit(batch, pushes: pushes, waiters: waiters, result: result)
        }
    }

    private func finishCommit(
        _ batch: [SyncRecord], pushes: [ActivitySnapshot], waiters: [CheckedContinuation<Void, any Error>],
        result: Result<Void, SyncError>
    ) {
        committing = false
        switch result {
        case .success:
            notBefore = nil
            for record in batch { StoredActivity.absorb(record, into: &durable) }
            for push in pushes { publish(push) }
            for waiter in waiters { waiter.resume() }
        case .failure(let error):
            // Forget everything that is not durable: this batch and whatever was queued on
            // top of it. Their intents are answered with the error; nothing was applied.
            activities = durable
            deadlines = durable.compactMapValues(\.snapshot.nextRuleDeadline)
            creations = CreationIndex(durable)
            let queued = pendingWaiters
            pending = []
            pendingPushes = []
            pendingWaiters = []
            for waiter in waiters + queued { waiter.resume(throwing: error) }
            notBefore = clock.now().addingTimeInterval(1)
            scheduleDeadlines()
        }
        startCommitIfIdle()
    }

    // MARK: - Subscribers

    private func publish(_ snapshot: ActivitySnapshot) {
        subscribers[snapshot.id]?.yield(snapshot)
        if snapshot.event == .dismiss {
            subscribers[snapshot.id]?.finish()
            subscribers[snapshot.id] = nil
        }
    }
}
