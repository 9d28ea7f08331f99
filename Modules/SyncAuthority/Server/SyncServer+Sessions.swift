import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// One subscriber of a person's sessions (``SyncServer/subscribeToSessions(ownedBy:sink:)``): whose
/// they are, where they go, and the newest version of each it was given.
struct SessionsSubscriber {
    /// The access key whose activities it receives; `nil` for every activity (a server
    /// that requires no keys).
    let owner: String?
    let sink: Broadcast<ActivitySnapshot>.Sink
    /// The activities it follows (its owner's, not dismissed), each at the newest version
    /// it was given: never an older state after a newer one.
    var versions: [String: UInt64] = [:]

    /// Gives `snapshot` when it is newer than what this watcher has of its activity; a
    /// dismissal also forgets the activity.
    mutating func give(_ snapshot: ActivitySnapshot) {
        let id = snapshot.id
        if let version = versions[id], version >= snapshot.version { return }
        // The dismissal of a session it was never given is none of its business.
        if versions[id] == nil, snapshot.event == .dismiss { return }
        sink.yield(snapshot)
        versions[id] = snapshot.event == .dismiss ? nil : snapshot.version
    }
}

/// A person's sessions as they start, change, end and are dismissed: one stream for all of
/// them, which a status bar with no session waits on (the analogue of ActivityKit's
/// push-to-start). It starts with the current state of each session not yet dismissed,
/// then carries every push of each, and of each new one from its start, whether this
/// server or another one sharing the storage made the change.
extension SyncServer {
    /// Adds `sink` as a subscriber of the sessions of the access key `owner` (`nil`: of
    /// every activity): the current state of each not yet dismissed, oldest first, then
    /// every push of each, new ones included, until the server shuts down. The key removes
    /// it (``unsubscribeFromSessions(_:)``).
    package func subscribeToSessions(ownedBy owner: String?, sink: Broadcast<ActivitySnapshot>.Sink) async throws(SyncError) -> UUID {
        guard !isShutDown else { throw .unavailable }
        let key = UUID()
        // Added before the read, so a push meanwhile is not lost; the read's older states
        // are then not given again (the watcher keeps the newest version of each).
        sessionSubscribers[key] = SessionsSubscriber(owner: owner, sink: sink)
        let current: [StoredActivity]
        do {
            current = try await committedActivities(ownedBy: owner)
        } catch {
            sessionSubscribers[key] = nil
            throw error
        }
        for stored in current.sorted(by: { $0.snapshot.activity.lifecycle.startedAt < $1.snapshot.activity.lifecycle.startedAt })
        where stored.snapshot.event != .dismiss {
            knownOwners[stored.snapshot.id] = .some(stored.owner)
            sessionSubscribers[key]?.give(stored.snapshot)
        }
        return key
    }

    /// Removes a subscriber added by ``subscribeToSessions(ownedBy:sink:)``.
    package func unsubscribeFromSessions(_ key: UUID) {
        sessionSubscribers[key] = nil
    }

    /// How many subscribers of sessions are open (for tests and diagnostics).
    public var sessionsSubscriberCount: Int { sessionSubscribers.count }

    /// Gives a durable state to every watcher of its owner's sessions. An activity whose
    /// owner this server does not know yet (made by another server sharing the storage) is
    /// read once to learn it; its newest state is given then.
    func publishToSessionsSubscribers(_ snapshot: ActivitySnapshot, owner: String?? = nil) {
        guard !sessionSubscribers.isEmpty else {
            if snapshot.event == .dismiss { knownOwners[snapshot.id] = nil }
            return
        }
        let id = snapshot.id
        if let owner { knownOwners[id] = .some(owner) }
        guard let known = knownOwners[id] else {
            giveToSessionsSubscribers(snapshot) { $0 == nil }
            // Asks the storage without holding up this push; it ends with the storage's answer.
            Task { await self.learnOwner(of: id) }
            return
        }
        giveToSessionsSubscribers(snapshot) { $0 == nil || $0 == known }
        if snapshot.event == .dismiss { knownOwners[id] = nil }
    }

    /// Gives `snapshot` to each watcher whose owner `takes`, in place, walked by index:
    /// iterating the watchers while changing one would copy them all on every change.
    private func giveToSessionsSubscribers(_ snapshot: ActivitySnapshot, where takes: (String?) -> Bool) {
        var index = sessionSubscribers.values.startIndex
        while index != sessionSubscribers.values.endIndex {
            if takes(sessionSubscribers.values[index].owner) { sessionSubscribers.values[index].give(snapshot) }
            sessionSubscribers.values.formIndex(after: &index)
        }
    }

    private func learnOwner(of id: String) async {
        guard let stored = try? await committedActivity(id), knownOwners[id] == nil else { return }
        publishToSessionsSubscribers(stored.snapshot, owner: .some(stored.owner))
    }

    /// Ends every subscriber of sessions.
    func finishSessionsSubscribers() {
        for watcher in sessionSubscribers.values { watcher.sink.finish() }
        sessionSubscribers = [:]
    }
}
