import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The clock rules: at each deadline the storage knows of (completion at the target, the
/// 8-hour end, going stale, dismissal), the activities that came due are advanced and
/// written like any other change, and the group sits whose count of people is due are
/// counted (ADR 0073). Servers sharing a storage all wake for the same
/// deadline; the conditional write lets one of them make each change, once.
extension SyncServer {
    /// How many due activities one run of the clock rules takes; the rest come in the next
    /// run, which follows at once.
    static let dueBatch = 10_000

    /// Runs the clock rules for every activity due now, waits until what they changed is
    /// durable and pushed, and schedules the next run. A running server (``run()``) does
    /// this by itself at each deadline; an owner calls it once after start-up, so that
    /// deadlines that passed while no server ran are caught up before it reads anything.
    public func tick() async {
        guard !isShutDown else { return }
        let now = clock.now()
        let due: [String]
        do {
            due = try await storage.due(at: now, limit: Self.dueBatch)
        } catch {
            // The storage cannot say; try again in a second.
            notBefore = now.addingTimeInterval(1)
            scheduleIfEarlier(notBefore!)
            return
        }
        let counts = takeDuePresence(at: now)
        await withTaskGroup(of: Void.self) { group in
            for id in due { group.addTask { await self.advance(id, at: now) } }
            for id in counts { group.addTask { await self.countPresence(of: id, at: now) } }
        }
        await scheduleNextDeadline(after: now)
        if let counting = presence.next { scheduleIfEarlier(counting) }
    }

    /// Applies the clock rules due at `now` to one activity, deciding again when another
    /// server moved it first.
    private func advance(_ id: String, at now: Date) async {
        _ = await decideByItself(id, reading: {}) { stored, _ in SyncDecision.advanceClockRules(stored, at: now) }
    }

    /// Decides a change the server makes by itself to activity `id` (a clock rule, a count
    /// of presence) as an intent is decided: what it needs besides the state is read
    /// (`read`, after the committed state, so it is no older than it), then the change is
    /// decided and queued in one turn on the actor (`decide` answers the next state and its
    /// changes, none to write nothing, or `nil` for an activity it does not apply to).
    /// Decided again after a conflict (another server moved it first), or read again when
    /// what it was decided on is no longer pending; a failed commit has already been
    /// answered and forgotten: the next run retries. Answers what was read last, `nil` when
    /// the storage could not say.
    func decideByItself<Reading: Sendable>(
        _ id: String, reading read: () async throws -> Reading,
        _ decide: (StoredActivity, Reading) -> (StoredActivity, [ActivitySnapshot])?
    ) async -> Reading? {
        var last: Reading?
        for _ in 0..<Self.decisionAttempts {
            guard !isShutDown else { return last }
            let committed: StoredActivity??
            let reading: Reading
            do {
                committed = try await committedBeforeDeciding(id)
                reading = try await read()
            } catch {
                return nil
            }
            last = reading
            let decided = try? await deciding { (state, waiting) throws(SyncError) -> Bool in
                guard let found = current(id, committed: committed, in: state) else { return true }
                guard let stored = found, let decision = decide(stored, reading), !decision.1.isEmpty else { return false }
                state.queue(decision.0, changes: decision.1, base: stored.snapshot.version, for: waiting(false))
                startCommitIfIdle(&state)
                return false
            }
            switch decided {
            case .written(_, .conflict), .notQueued(true): continue
            default: return reading
            }
        }
        return last
    }

    /// Asks the storage for the next deadline and sleeps until it. One that has already
    /// passed after a run (a write that failed or met a conflict storm) is retried a
    /// second later, not in a tight loop.
    private func scheduleNextDeadline(after run: Date) async {
        guard let next = try? await storage.nextDeadline() else {
            // The storage cannot say (its database is away): ask again in a second, so the
            // clock rules run once it is back, not only at this server's next write.
            schedule(at: clock.now().addingTimeInterval(1))
            return
        }
        schedule(at: next > run ? next : max(next, notBefore ?? run.addingTimeInterval(1)))
    }

    /// Moves the next run earlier when `deadline` comes before it.
    func scheduleIfEarlier(_ deadline: Date) {
        if let scheduled = scheduledDeadline, scheduled <= deadline { return }
        schedule(at: deadline)
    }

    /// Sets the next run (`nil`: none until a change brings one) and wakes the running
    /// clock (``run()``), which sleeps until it.
    private func schedule(at deadline: Date?) {
        scheduledDeadline = nil
        defer { clockMoved?.yield() }
        guard !isShutDown, var next = deadline else { return }
        if let notBefore, notBefore > next { next = notBefore }
        scheduledDeadline = next
    }
}
