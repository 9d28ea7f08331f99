import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The subscribers of one activity on this server, each with the newest version it was
/// given, and the newest state any of them was given.
struct ActivitySubscribers {
    /// One subscriber: where its pushes go, and the newest version it has.
    struct Entry {
        let subscriber: Subscriber
        var version: UInt64
        /// Whether it follows a group sit through its channel, with the join code: it ends
        /// when the leader revokes the code.
        var isFollower = false
        /// The person a follower is, by the opaque id their surfaces send (`SyncProtocol.Sitter`);
        /// `nil`: a stream counted as a person of its own.
        var sitter: String? = nil
    }

    var entries: [UUID: Entry] = [:]
    /// The newest state pushed here (or read by a subscription being opened): what a new
    /// subscriber starts from when the storage's answer is older.
    var latest: ActivitySnapshot?
    /// Subscriptions being opened, which keep the channel while they read the state.
    var opening = 0

    var isIdle: Bool { entries.isEmpty && opening == 0 }

    /// The people following the sit through this server, each once (ADR 0073): by the id
    /// they sent, else one per stream.
    var sitters: Set<String> {
        var people = Set<String>()
        for (key, entry) in entries where entry.isFollower { people.insert(entry.sitter ?? key.uuidString) }
        return people
    }

    /// Gives `snapshot` to each subscriber that does not have it or a newer one yet, so none
    /// is ever given an older state after a newer one, and a subscriber that opened on a
    /// newer state than the others still gets every change after its own. The grouped ones
    /// get it in one call per group (``Subscriber``).
    ///
    /// The entries are changed in place, walked by index: iterating the dictionary while
    /// setting a version would copy all of it (with a retain per sink) on every push.
    mutating func push(_ snapshot: ActivitySnapshot) {
        if latest.map({ $0.version < snapshot.version }) ?? true { latest = snapshot }
        // Few: one per group (an HTTP server's event loop), found by identity.
        var groups: [(group: any SubscriberGroup, members: [any GroupedSubscriber])] = []
        var index = entries.values.startIndex
        while index != entries.values.endIndex {
            if entries.values[index].version < snapshot.version {
                switch entries.values[index].subscriber {
                case .sink(let sink):
                    sink.yield(snapshot)
                case .grouped(let member):
                    let group = member.group
                    if let found = groups.firstIndex(where: { $0.group === group }) {
                        groups[found].members.append(member)
                    } else {
                        groups.append((group, [member]))
                    }
                }
                entries.values[index].version = snapshot.version
            }
            entries.values.formIndex(after: &index)
        }
        for (group, members) in groups { group.push(snapshot, to: members) }
        if snapshot.activity.lifecycle.codeRevokedAt != nil { finishFollowers() }
    }

    /// Ends the followers of a group sit whose code was revoked, once given the state that
    /// says so: the channel is closed to them as it is to newcomers.
    private mutating func finishFollowers() {
        for (key, entry) in entries where entry.isFollower {
            entry.subscriber.finish()
            entries[key] = nil
        }
    }

    /// Ends every subscriber.
    mutating func finish() {
        for entry in entries.values { entry.subscriber.finish() }
        entries = [:]
    }
}

/// Pushes: every durable change of an activity reaches each of its subscribers on this
/// server once, in version order, whether this server made it or another server sharing
/// the storage did (heard through the storage's change feed).
extension SyncServer {
    /// The pushes of one activity: first its current state (unless `lastEventID` already
    /// has it), then every change, in version order; it finishes after the dismissal or
    /// when the server shuts down. Only durable states are ever pushed.
    public func subscribe(to id: String, token: String?, after lastEventID: UInt64? = nil) async throws(SyncError) -> AsyncStream<ActivitySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivitySnapshot.self, bufferingPolicy: .bufferingNewest(256))
        if let key = try await attach(to: id, token: token, after: lastEventID, subscriber: .sink(Broadcast.Sink(continuation) { $0 })) {
            // Nobody holds the stream yet, so it cannot have ended before this is set.
            continuation.onTermination = { [weak self] _ in Task { await self?.detach(key, from: id) } }
        }
        return stream
    }

    /// Adds a subscriber of an activity's pushes, as ``subscribe(to:token:after:)`` describes
    /// them, called on this actor in version order. The key detaches it; `nil` when the
    /// activity was already dismissed, and the subscriber already finished.
    package func attach(
        to id: String, token: String?, after lastEventID: UInt64?, subscriber: Subscriber
    ) async throws(SyncError) -> UUID? {
        try await attach(to: id, after: lastEventID, subscriber: subscriber, follower: nil) { (known) throws(SyncError) in
            try Self.authorize(known, token)
        }
    }

    /// Adds a follower of group sit `id`, admitted with its join code's secret `code`
    /// rather than the leader's token (ADR 0072): the same pushes as
    /// ``attach(to:token:after:subscriber:)`` gives, until the sit is dismissed or its
    /// code revoked, after the state that says so.
    ///
    /// - Throws: `SyncError.wrongToken` for a code that is not the sit's (or a sit alone),
    ///   `SyncError.channelClosed(revoked:)` once it is revoked or the sit dismissed.
    ///
    /// The follower counts among the people sitting it as `sitter` (ADR 0073): the same
    /// person on several surfaces counts once; `nil`, the stream is a person of its own.
    package func attach(
        following id: String, code: String, as sitter: Sitter? = nil, after lastEventID: UInt64?, subscriber: Subscriber
    ) async throws(SyncError) -> UUID? {
        let now = clock.now()
        let key = try await attach(to: id, after: lastEventID, subscriber: subscriber, follower: .some(sitter?.id)) {
            (known) throws(SyncError) in try Self.admitFollower(known, code, at: now)
        }
        if key != nil { presenceMoved(id) }
        return key
    }

    /// The pushes of a group sit as a follower is given them: ``subscribe(to:token:after:)``
    /// through the sit's channel, with its join code's secret.
    public func follow(
        _ id: String, code: String, as sitter: Sitter? = nil, after lastEventID: UInt64? = nil
    ) async throws(SyncError) -> AsyncStream<ActivitySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivitySnapshot.self, bufferingPolicy: .bufferingNewest(256))
        if let key = try await attach(
            following: id, code: code, as: sitter, after: lastEventID, subscriber: .sink(Broadcast.Sink(continuation) { $0 }))
        {
            continuation.onTermination = { [weak self] _ in Task { await self?.detach(key, from: id) } }
        }
        return stream
    }

    /// `follower`: `nil` for the leader's streams, else the sitter a follower counts as.
    private func attach(
        to id: String, after lastEventID: UInt64?, subscriber: Subscriber, follower: String??,
        admit: (StoredActivity) throws(SyncError) -> Void
    ) async throws(SyncError) -> UUID? {
        let isFollower = follower != nil
        guard !isShutDown else { throw .unavailable }
        // Held open while the state is read, so a push meanwhile is not lost to it.
        subscribers[id, default: ActivitySubscribers()].opening += 1
        let committed: StoredActivity?
        do {
            committed = try await committedActivity(id)
        } catch {
            closeOpening(id)
            throw error
        }
        guard !isShutDown, subscribers[id] != nil else {
            subscriber.finish()
            return nil
        }
        subscribers[id]?.opening -= 1
        // One created but not yet durable may be subscribed to; it comes when it is. A change
        // of this server's not yet committed is no newer than a committed one of the same
        // version: that one was made through another server first (the revocation of a
        // code, say) and this one will meet it as a conflict.
        var found = commits.unfinished[id] ?? committed
        if let unfinished = commits.unfinished[id], let committed, committed.snapshot.version >= unfinished.snapshot.version {
            found = committed
        }
        guard let known = found else {
            closeIdle(id)
            throw .notFound(id: id)
        }
        do {
            try admit(known)
        } catch {
            closeIdle(id)
            throw error
        }
        // The state read may be newer than what the channel pushed so far (a change whose
        // push is still on its way, through the feed or from a batch not yet finished):
        // this subscriber starts from it, the others get it when its push comes, after the
        // changes before it.
        let newest = [committed?.snapshot, subscribers[id]?.latest].compactMap { $0 }.max { $0.version < $1.version }
        // The dismissal ends every stream; a revoked code a follower's, even one whose
        // revocation was pushed while this was being read. A follower is refused then, as
        // its admission would have refused it had the read come after the push.
        let revoked = newest?.activity.lifecycle.codeRevokedAt != nil
        if isFollower, newest?.event == .dismiss || revoked {
            closeIdle(id)
            throw .channelClosed(revoked: revoked)
        }
        // A channel that keeps nothing (ADR 0075) gives a follower the pushes from now on only.
        let keepsNothing = isFollower && known.snapshot.activity.attributes.channelStorage == .nothing
        if let newest, !keepsNothing, lastEventID.map({ newest.version > $0 }) ?? true { subscriber.push(newest) }
        if newest?.event == .dismiss {
            subscriber.finish()
            closeIdle(id)
            return nil
        }
        let key = UUID()
        // In place: a copy of the subscribers stored back would copy all of them for
        // each new one.
        subscribers[id, default: ActivitySubscribers()].entries[key] = ActivitySubscribers.Entry(
            subscriber: subscriber, version: max(newest?.version ?? 0, lastEventID ?? 0), isFollower: isFollower,
            sitter: follower ?? nil)
        return key
    }

    /// Removes a subscriber added by ``attach(to:token:after:subscriber:)``.
    package func detach(_ key: UUID, from id: String) {
        let removed = subscribers[id]?.entries.removeValue(forKey: key)
        closeIdle(id)
        if removed?.isFollower == true { presenceMoved(id) }
    }

    /// How many subscribers an activity has (for tests and diagnostics).
    public func subscriberCount(of id: String) -> Int { subscribers[id]?.entries.count ?? 0 }

    private func closeOpening(_ id: String) {
        subscribers[id]?.opening -= 1
        closeIdle(id)
    }

    private func closeIdle(_ id: String) {
        if subscribers[id]?.isIdle == true { subscribers[id] = nil }
    }

    /// Pushes a durable state to the activity's subscribers here that do not have it or a
    /// newer one yet, and to the watchers of its owner's sessions; the dismissal ends the
    /// subscribers' streams. `owner` is the activity's owner when the caller knows it (`nil`:
    /// not known; `.some(nil)`: made without a key).
    func publish(_ snapshot: ActivitySnapshot, owner: String?? = nil) {
        let id = snapshot.id
        publishToSessionsSubscribers(snapshot, owner: owner)
        // In place: a copy taken out and stored back would copy its
        // subscribers at the first change.
        guard subscribers[id] != nil else { return }
        // A revoked code lets this server's followers go: they no longer sit it.
        if snapshot.activity.lifecycle.codeRevokedAt != nil, subscribers[id]?.sitters.isEmpty == false { presenceMoved(id) }
        subscribers[id]?.push(snapshot)
        if snapshot.event == .dismiss { subscribers[id]?.finish() }
        closeIdle(id)
    }

    // MARK: - The change feed

    /// A change another server committed, heard through the storage's change feed while
    /// this one runs (``run()``): pushed here, and its deadline kept.
    func absorbFromFeed(_ snapshot: ActivitySnapshot) {
        publish(snapshot)
        if let deadline = snapshot.nextRuleDeadline { scheduleIfEarlier(deadline) }
    }
}
