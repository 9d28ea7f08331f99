import SyncProtocol
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

/// Several observers told of the same changes, one after the other in the order given: a
/// host's history, then its hooks.
public struct DurableChangeObservers: DurableChangeObserver {
    private let observers: [any DurableChangeObserver]

    /// Tells `observers` of each change, in this order.
    public init(_ observers: [any DurableChangeObserver]) {
        self.observers = observers
    }

    public func durable(_ changes: [ActivitySnapshot]) async {
        for observer in observers { await observer.durable(changes) }
    }
}
