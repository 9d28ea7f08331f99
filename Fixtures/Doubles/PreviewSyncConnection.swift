import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// A sync connection that replays a scripted sequence of pushes instead of talking to a
/// server: what a view or an observer needs in a preview or a test when no server should
/// run. Its pushes are made by playing a ``SessionScript`` through Domain's rules, one
/// push per change, so they are the pushes a server would have sent.
///
/// It takes no intent: ``send(_:to:token:)`` answers that the preview is read-only.
public struct PreviewSyncConnection: SyncConnection {
    /// The activity's id in every push.
    public static let activityID = "preview-activity"
    /// The token it answers with and accepts.
    public static let token = "preview-token"

    /// The pushes, in version order; empty for a server with no activity.
    public let pushes: [ActivitySnapshot]

    /// A connection replaying `pushes`.
    public init(pushes: [ActivitySnapshot]) {
        self.pushes = pushes
    }

    /// A connection replaying the pushes of `script`: the start, a group sit's count of its
    /// followers, then each step that changed the activity, stamped with the step's instant. The activities are
    /// ``ContentStateMother``'s, so they are the ones the script's own activity ends with.
    public init(script: SessionScript) {
        let timeline = ContentStateMother.makeTimeline(
            attributes: script.attributes, showSeconds: script.showSeconds, start: script.start,
            steps: script.steps.map { ($0.afterSeconds, $0.intent) }, sitting: script.sitting)
        var pushes: [ActivitySnapshot] = []
        for (index, entry) in timeline.enumerated() where index == 0 || entry.activity != timeline[index - 1].activity {
            let event: ActivityEvent = index == 0 ? .start : entry.activity.content.isEnded ? .end : .update
            pushes.append(ActivitySnapshot(
                id: Self.activityID, version: UInt64(pushes.count + 1), timestamp: entry.at, event: event,
                activity: entry.activity))
        }
        self.init(pushes: pushes)
    }

    /// A session running 125 s into 300 (seeds/000).
    public static var inProgress: PreviewSyncConnection { PreviewSyncConnection(script: SessionScriptMother.makeScript()) }
    /// A session paused at 125 s.
    public static var paused: PreviewSyncConnection {
        PreviewSyncConnection(script: SessionScriptMother.makeScript(moment: .paused(elapsed: 125)))
    }
    /// A session completed at its target by the server's rule.
    public static var completed: PreviewSyncConnection {
        PreviewSyncConnection(script: SessionScriptMother.makeScript(moment: .completed(elapsed: 300)))
    }
    /// A server with no activity.
    public static var empty: PreviewSyncConnection { PreviewSyncConnection(pushes: []) }

    private var latest: ActivitySnapshot? { pushes.last }

    public func createActivity(
        _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
    ) async throws(SyncError) -> CreatedActivity {
        guard let first = pushes.first else { throw .unavailable }
        return CreatedActivity(id: first.id, token: Self.token, state: first)
    }

    public func activities() async throws(SyncError) -> [ActivitySummary] {
        latest.map { [ActivitySummary($0, at: $0.timestamp)] } ?? []
    }

    public func activity(id: String) async throws(SyncError) -> ActivitySnapshot {
        guard let latest, latest.id == id else { throw .notFound(id: id) }
        return latest
    }

    public func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
        throw .badRequest("a preview connection replays its pushes and takes no intent")
    }

    public func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        guard pushes.contains(where: { $0.id == id }) else { throw .notFound(id: id) }
        let remaining = pushes.filter { $0.version > (lastEventID ?? 0) }
        return AsyncThrowingStream { continuation in
            for push in remaining { continuation.yield(push) }
            continuation.finish()
        }
    }

    /// Its pushes, as a follower of the one session there is sees them: any code opens it.
    public func follow(_ code: JoinCode, as sitter: Sitter?, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        try await events(of: code.id, token: code.secret, after: lastEventID)
    }

    /// Its pushes, as the one session there is.
    public func sessions() async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error> {
        AsyncThrowingStream { continuation in
            for push in pushes { continuation.yield(push) }
            continuation.finish()
        }
    }
}
