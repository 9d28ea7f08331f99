import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sync

/// A sync server double for previews: one scripted session held in memory, moved by
/// intents and by its clock through Domain's own rules (`Transition.apply`,
/// `Transition.advance`), and pushed, complete and versioned, to every stream that follows
/// it. What `moments-showcase play` runs the live app's loop on: no socket, no file, no
/// server process; only the preview clock it is given.
///
/// It keeps the protocol's promises a screen relies on (versions increase by one per
/// change, an intent id is answered once, a wrong token is refused), not the durability
/// or the many activities of the real server.
public actor PreviewSyncServer: SyncConnection {
    /// The session's id.
    public static let activityID = PreviewSyncConnection.activityID
    /// The token it accepts.
    public static let token = PreviewSyncConnection.token

    private let clock: any SyncClock
    private var latest: ActivitySnapshot
    private var answers: [IntentKey: Result<ActivitySnapshot, SyncError>] = [:]
    private var streams: [UUID: AsyncThrowingStream<ActivitySnapshot, any Error>.Continuation] = [:]
    private var deadline: Task<Void, Never>?

    /// A server holding the session of `script`, as its pushes left it, on `clock`.
    public init(script: SessionScript, clock: any SyncClock) {
        let pushes = PreviewSyncConnection(script: script).pushes
        latest = pushes[pushes.count - 1]
        self.clock = clock
    }

    public func createActivity(
        _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
    ) async throws(SyncError) -> CreatedActivity {
        throw .badRequest("a preview server holds one scripted session and starts no other")
    }

    public func activities() async throws(SyncError) -> [ActivitySummary] {
        [ActivitySummary(latest, at: clock.now())]
    }

    public func activity(id: String) async throws(SyncError) -> ActivitySnapshot {
        guard id == latest.id else { throw .notFound(id: id) }
        return latest
    }

    public func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
        guard id == latest.id else { throw .notFound(id: id) }
        guard token == Self.token else { throw .wrongToken }
        if let answer = answers[request.key] { return try answer.get() }
        let now = clock.now()
        advance(to: now)
        let answer: Result<ActivitySnapshot, SyncError>
        do {
            let next = try Transition.apply(request.intent, to: latest.activity, at: now)
            if next != latest.activity { push(next, at: now) }
            answer = .success(latest)
        } catch {
            answer = .failure(.refused(code: error.code, message: error.description, current: latest))
        }
        answers[request.key] = answer
        return try answer.get()
    }

    public func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        guard id == latest.id else { throw .notFound(id: id) }
        guard token == Self.token else { throw .wrongToken }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ActivitySnapshot.self)
        if latest.version > (lastEventID ?? 0) { continuation.yield(latest) }
        let key = UUID()
        streams[key] = continuation
        continuation.onTermination = { _ in Task { await self.forget(key) } }
        scheduleDeadline(after: clock.now())
        return stream
    }

    private func forget(_ key: UUID) {
        streams[key] = nil
    }

    /// The server's clock rule: completion at the target and the 8-hour end.
    private func advance(to now: Date) {
        let next = Transition.advance(latest.activity, to: now)
        if next != latest.activity { push(next, at: now) } else { scheduleDeadline(after: now) }
    }

    /// Makes `activity` the next version and hands it to every stream.
    private func push(_ activity: Activity, at now: Date) {
        latest = ActivitySnapshot(
            id: latest.id, version: latest.version + 1, timestamp: max(now, latest.timestamp),
            event: activity.content.isEnded ? .end : .update, activity: activity)
        for continuation in streams.values { continuation.yield(latest) }
        scheduleDeadline(after: latest.timestamp)
    }

    /// Wakes at the session's next deadline (its target, its 8-hour end) to run the clock
    /// rule, as the real server does.
    private func scheduleDeadline(after instant: Date) {
        deadline?.cancel()
        guard let next = latest.activity.nextDeadline(after: instant) else { return }
        let clock = self.clock
        deadline = Task { [weak self] in
            do { try await clock.sleep(until: next) } catch { return }
            await self?.advance(to: clock.now())
        }
    }
}
