/// Calls made one at a time, in the order they were asked for, by a task of their own: a
/// desktop surface's calls to the bus (``SessionNotification``, ``SessionMediaPlayer``,
/// ``SessionDockEntry``), so the session loop asks and never waits on the bus.
struct SerialCalls<Request: Sendable>: Sendable {
    private let requests: AsyncStream<Request>.Continuation
    private let worker: Task<Void, Never>

    /// Calls that `perform` makes, one request after the other.
    init(_ perform: @escaping @Sendable (Request) async -> Void) {
        let (stream, requests) = AsyncStream.makeStream(of: Request.self)
        self.requests = requests
        // The one task the calls are made in, for as long as the surface is kept: it ends
        // when `finish()` ends the requests, and `finish()` waits for it.
        worker = Task {
            for await request in stream { await perform(request) }
        }
    }

    /// Asks for `request`, made after every one asked for before.
    func ask(_ request: Request) {
        requests.yield(request)
    }

    /// Waits until every call asked for has been made; nothing asked after is made.
    func finish() async {
        requests.finish()
        await worker.value
    }
}
