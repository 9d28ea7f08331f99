import Synchronization

/// Mutable state behind a lock, so a store can be shared between tasks and threads while
/// its methods stay synchronous.
///
/// The stores do blocking file I/O (`fsync` takes milliseconds). As actors they would
/// block a thread of the cooperative pool for that time; as classes guarded by a lock they
/// block only their caller, who chooses the thread. This type is the one place where the
/// compiler is told that the state is safe to share: every access goes through ``withLock(_:)``.
final class Guarded<State>: @unchecked Sendable {
    private let lock = Mutex(())
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { _ throws(Failure) -> Result in try body(&state) }
    }
}
