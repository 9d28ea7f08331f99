/// Told of every change the moment the storage has made it durable, before its request is
/// answered and before it is pushed: what a host adds to the server's duty without standing
/// between the server and its storage (the embedded host's history, ADR 0013).
///
/// The server waits for it, so a client that acts on a push (a summary at the end) finds
/// what it did already done. It gets every committed state, whatever caused it: an intent,
/// or the server's clock.
public protocol DurableChangeObserver: Sendable {
    /// `changes` are durable now, oldest first per activity.
    func durable(_ changes: [ActivitySnapshot]) async
}
