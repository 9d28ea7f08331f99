import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every view reads from: the newest state of one activity, as the pushes told it.
///
/// It mirrors ActivityKit's `Activity`: ``contentUpdates()`` and ``activityStateUpdates()``
/// are async sequences, like `contentUpdates` and `activityStateUpdates`. It takes a push
/// only through `Domain.PushOrdering`: a push not newer than the one it holds is dropped,
/// and after the end nothing but the dismissal is taken. It has no way to set a state:
/// its only input is a push, through `follow(_:)`.
public actor ActivityObserver {
    /// The newest push taken, or `nil` before the first.
    public private(set) var current: ActivitySnapshot?
    /// How many pushes were dropped by the ordering rule (for diagnostics and tests).
    public private(set) var droppedCount = 0

    private var contentStreams = Broadcast<ActivitySnapshot>()
    private var statusStreams = Broadcast<ActivityStatus>()
    private var lastStatus: ActivityStatus?

    /// An observer that has seen nothing yet.
    public init() {}

    /// Takes the pushes of activity `id` from `connection`'s event stream, from after what
    /// it already holds, until the stream ends or throws (the error is rethrown, so a
    /// caller can reconnect and follow again: the observer keeps what it has).
    ///
    /// A connection's event stream is the only way in: nothing outside Sync can hand the
    /// observer a state no server pushed (ADR 0002, ADR 0017).
    public func follow(_ connection: any SyncConnection, id: String, token: String) async throws {
        try await follow(try await connection.events(of: id, token: token, after: current?.version))
    }

    /// Takes pushes from `source` until it ends or throws: for Sync's own follower and its
    /// tests, which hold a connection's stream already.
    func follow<Source: AsyncSequence & Sendable>(_ source: Source) async throws
    where Source.Element == ActivitySnapshot {
        for try await push in source {
            receive(push)
            if current?.event == .dismiss { return }
        }
    }

    /// The status of the newest push taken.
    public var status: ActivityStatus? { lastStatus }

    /// The newest state now (if any), then every state taken, in version order. Ends after
    /// the dismissal.
    public func contentUpdates() -> AsyncStream<ActivitySnapshot> {
        contentStreams.stream(startingWith: current, finished: current?.event == .dismiss, buffering: 64) { [weak self] key in
            Task { await self?.removeContent(key) }
        }
    }

    /// Hands the newest state now (if any), then every state taken, in version order, to
    /// `receive`, called on this actor as each is taken: no stream and no task in between.
    /// What a session's runtime uses to put pushes straight into its own ordered events;
    /// it lasts as long as the observer.
    public func forward(to receive: @escaping @Sendable (ActivitySnapshot) -> Void) {
        if let current { receive(current) }
        guard current?.event != .dismiss else { return }
        _ = contentStreams.add(Broadcast.Sink(yield: receive, finish: {}))
    }

    /// The status now (if any), then each change of it: active, stale, ended, dismissed.
    /// Ends after the dismissal.
    public func activityStateUpdates() -> AsyncStream<ActivityStatus> {
        statusStreams.stream(startingWith: lastStatus, finished: lastStatus == .dismissed, buffering: 16) { [weak self] key in
            Task { await self?.removeStatus(key) }
        }
    }

    /// Takes one push if the ordering rule allows it; answers whether it did.
    @discardableResult
    func receive(_ push: ActivitySnapshot) -> Bool {
        if let current, push.id != current.id {
            droppedCount += 1
            return false
        }
        guard PushOrdering.accepts(push.stamp, over: current?.stamp) else {
            droppedCount += 1
            return false
        }
        current = push
        contentStreams.yield(push)
        let status: ActivityStatus = push.event == .dismiss ? .dismissed : push.activity.status(at: push.timestamp)
        if status != lastStatus {
            lastStatus = status
            statusStreams.yield(status)
        }
        if push.event == .dismiss {
            contentStreams.finish()
            statusStreams.finish()
        }
        return true
    }

    private func removeContent(_ key: UUID) { contentStreams.remove(key) }
    private func removeStatus(_ key: UUID) { statusStreams.remove(key) }
}
