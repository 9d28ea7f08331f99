import Domain
import SyncProtocol

/// The embedded default: a ``SyncServer`` in the same process, called directly.
public struct InProcessConnection: SyncConnection {
    /// The server it talks to.
    public let server: SyncServer

    /// A connection to `server`.
    public init(server: SyncServer) { self.server = server }

    public func createActivity(
        _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
    ) async throws(SyncError) -> CreatedActivity {
        try await server.create(attributes, showSeconds: showSeconds, clientID: clientID, idempotencyKey: idempotencyKey)
    }

    public func activities() async throws(SyncError) -> [ActivitySummary] {
        try await server.list()
    }

    public func activity(id: String) async throws(SyncError) -> ActivitySnapshot {
        try await server.snapshot(of: id)
    }

    public func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
        try await server.send(request, to: id, token: token)
    }

    public func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        // The server's pushes go straight into the stream returned: no task relays them.
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ActivitySnapshot.self, bufferingPolicy: .bufferingNewest(256))
        if let key = try await server.attach(to: id, token: token, after: lastEventID, subscriber: .sink(Broadcast.Sink(throwing: continuation))) {
            // Nobody holds the stream yet, so it cannot have ended before this is set.
            continuation.onTermination = { [server] _ in Task { await server.detach(key, from: id) } }
        }
        return stream
    }

    public func follow(_ code: JoinCode, as sitter: Sitter?, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        let id = code.id
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ActivitySnapshot.self, bufferingPolicy: .bufferingNewest(256))
        if let key = try await server.attach(
            following: id, code: code.secret, as: sitter, after: lastEventID, subscriber: .sink(Broadcast.Sink(throwing: continuation)))
        {
            continuation.onTermination = { [server] _ in Task { await server.detach(key, from: id) } }
        }
        return stream
    }

    public func sessions() async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ActivitySnapshot.self, bufferingPolicy: .bufferingOldest(Self.sessionsBacklog))
        let key = try await server.subscribeToSessions(
            ownedBy: nil,
            sink: Broadcast.Sink(throwing: continuation, endingWith: SyncError.unreachable("the sessions stream fell behind")))
        // A termination handler is synchronous: the actor is told in a task of its own, which ends
        // at once.
        continuation.onTermination = { [server] _ in Task { await server.unsubscribeFromSessions(key) } }
        return stream
    }

    /// How many states a sessions stream holds for a reader that takes them more slowly
    /// than they come; past it the stream ends, and the reader opens it again.
    static let sessionsBacklog = 1_024
}
