import Domain

/// Keeps an ``ActivityObserver`` following one activity across dropped connections and
/// server restarts: it reconnects with the last version it holds (`Last-Event-ID`), so a
/// reconnect brings the current state if it is newer and never anything older.
public struct ActivityFollower: Sendable {
    /// How the connection to the server stands, for a view to say so plainly.
    public enum ConnectionState: Hashable, Sendable {
        /// Connected and receiving pushes.
        case connected
        /// Not connected; trying again. The text says what went wrong.
        case reconnecting(String)
    }

    /// Why following stopped.
    public enum Ending: Hashable, Sendable {
        /// The activity was dismissed: nothing more will come.
        case dismissed
        /// The server refused to stream it (unknown activity, wrong token).
        case refused(SyncError)
        /// The task was cancelled.
        case cancelled
    }

    /// The connection to follow through.
    public let connection: any SyncConnection
    /// The first pause before reconnecting; it doubles up to ``maximumDelay``.
    public let retryDelay: Duration
    /// The longest pause between reconnections.
    public let maximumDelay: Duration

    /// A follower over `connection`.
    public init(connection: any SyncConnection, retryDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(3)) {
        self.connection = connection
        self.retryDelay = retryDelay
        self.maximumDelay = maximumDelay
    }

    /// Follows activity `id` into `observer` until it is dismissed, refused or cancelled,
    /// telling `onState` each time the connection comes or goes.
    public func follow(
        id: String, token: String, into observer: ActivityObserver,
        onState: @escaping @Sendable (ConnectionState) async -> Void = { _ in }
    ) async -> Ending {
        let connection = self.connection
        return await follow(into: observer, onState: onState) { (after) throws(SyncError) in
            try await connection.events(of: id, token: token, after: after)
        }
    }

    /// Follows group sit `code` through its channel, as a follower (ADR 0072), the same
    /// way: until it is dismissed, the code is refused (revoked: the stream ends after the
    /// state that says so, and the channel refuses the next try), or the task is cancelled.
    /// It counts among the people sitting as `sitter` (ADR 0073).
    public func follow(
        _ code: JoinCode, as sitter: Sitter? = nil, into observer: ActivityObserver,
        onState: @escaping @Sendable (ConnectionState) async -> Void = { _ in }
    ) async -> Ending {
        let connection = self.connection
        return await follow(into: observer, onState: onState, closed: { $0.activity.lifecycle.codeRevokedAt != nil }) {
            (after) throws(SyncError) in try await connection.follow(code, as: sitter, after: after)
        }
    }

    /// The loop of both: `closed` says of the last state a stream ended on whether the
    /// channel is closed for good (a revoked code), which is then the ending, not an outage.
    private func follow(
        into observer: ActivityObserver, onState: @escaping @Sendable (ConnectionState) async -> Void,
        closed: (ActivitySnapshot) -> Bool = { _ in false },
        open: (UInt64?) async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error>
    ) async -> Ending {
        var delay = retryDelay
        while !Task.isCancelled {
            let problem: String
            do {
                let stream = try await open(await observer.current?.version)
                await onState(.connected)
                delay = retryDelay
                try await observer.follow(stream)
                let last = await observer.current
                if last?.event == .dismiss { return .dismissed }
                if let last, closed(last) { return .refused(.channelClosed(revoked: true)) }
                problem = "the server closed the stream"
            } catch let error as SyncError {
                switch error {
                case .notFound, .missingToken, .wrongToken, .badRequest, .channelClosed, .keyMissing, .keyRefused:
                    return .refused(error)
                default: problem = error.description
                }
            } catch {
                problem = String(describing: error)
            }
            if Task.isCancelled { break }
            await onState(.reconnecting(problem))
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, maximumDelay)
        }
        return .cancelled
    }
}
