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
        var delay = retryDelay
        while !Task.isCancelled {
            let problem: String
            do {
                let stream = try await connection.events(of: id, token: token, after: await observer.current?.version)
                await onState(.connected)
                delay = retryDelay
                try await observer.follow(stream)
                if await observer.current?.event == .dismiss { return .dismissed }
                problem = "the server closed the stream"
            } catch let error as SyncError {
                switch error {
                case .notFound, .missingToken, .wrongToken, .badRequest: return .refused(error)
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
