import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// Presence (ADR 0073): how many people sit a group sit now, its leader and each person
/// following it once (by the opaque id their surfaces send, `SyncProtocol.Sitter`), counted across
/// every server sharing the storage and pushed as part of the state
/// (`Domain.ContentState.sitting`), at most twice a second.
extension SyncServer {
    /// Asks for a count of group sit `id`, now or a second after the last.
    func presenceMoved(_ id: String) {
        scheduleIfEarlier(presence.moved(id, at: clock.now()))
    }

    /// The counts due at `now` (``PresenceLedger``), taken off the ledger.
    func takeDuePresence(at now: Date) -> [String] {
        presence.takeDue(at: now)
    }

    /// Counts who sits group sit `id` at `now` and writes the count when it changed, as a
    /// clock rule is written: read, counted, decided and queued, again after a conflict
    /// (the count read again with it). The count of the storage is read after the state,
    /// so the last count written was read after every state before it was committed. On a
    /// shared storage, a sit still followed through this server, or counted with others'
    /// followers, is counted again within a third of the storage's presence lifetime.
    func countPresence(of id: String, at now: Date) async {
        let sitters = subscribers[id]?.sitters ?? []
        let followers = await decideByItself(id, reading: {
            try await storage.count(sitters, following: id, through: presenceID, at: now)
        }) { stored, followers in
            guard stored.snapshot.activity.attributes.isGroup else { return nil }
            // The leader sits too (`Domain.Transition.counting(_:sitting:)`).
            return SyncDecision.count(stored, sitting: followers + 1, at: now)
        }
        guard !isShutDown else { return }
        // A storage that could not say is asked again at the next refresh.
        if followers.map({ $0 > 0 }) ?? true || !sitters.isEmpty { refreshPresence(of: id, at: now) }
    }

    /// On a storage shared by several servers, counts `id` again a third of its presence
    /// lifetime after `now`, while the sit is live: this server's record stays fresh, and
    /// a stopped server's followers drop out of the count.
    private func refreshPresence(of id: String, at now: Date) {
        guard let lifetime = storage.presenceLifetime else { return }
        let seconds = Double(lifetime.components.seconds) + Double(lifetime.components.attoseconds) / 1e18
        let at = now.addingTimeInterval(seconds / 3)
        presence.refresh(id, at: at)
        scheduleIfEarlier(at)
    }
}
