import Synchronization

/// What an event stream gives back when it ends (its place among the subscribers, its
/// key's count of open streams), done once by whichever comes first: the stream's
/// response, which waits for it before writing its end, so that a client opening its next
/// stream after the end finds the count given back; or the stream's end when no response
/// was written (the connection went first).
final class StreamRelease: Sendable {
    private let work: @Sendable () async -> Void
    private let started = Mutex<Task<Void, Never>?>(nil)

    /// A release that does `work` once.
    init(_ work: @escaping @Sendable () async -> Void) {
        self.work = work
    }

    /// Starts the release unless it has started, and waits until it is done.
    func run() async {
        await start().value
    }

    /// Starts the release unless it has started. A task of high priority: it is started
    /// from the connection's event loop, outside any task, and must not wait behind a busy
    /// server's queue.
    @discardableResult
    func start() -> Task<Void, Never> {
        started.withLock { task in
            if let task { return task }
            let work = self.work
            // Unstructured because it begins on an event loop, outside any task (see above);
            // `run()` awaits it.
            let new = Task(priority: .high) { await work() }
            task = new
            return new
        }
    }
}
