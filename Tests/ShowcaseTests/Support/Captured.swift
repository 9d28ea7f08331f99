import Synchronization

/// Output captured from an in-process run of a showcase command.
final class Captured: Sendable {
    /// Everything written so far.
    let text = Mutex("")

    /// Keeps `more`.
    func append(_ more: String) { text.withLock { $0 += more } }
}
